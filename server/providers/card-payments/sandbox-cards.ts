import {
  CARD_DECLINED_FOR_FUNDS_MESSAGE,
  CARD_DECLINED_MESSAGE,
  CARD_EXPIRED_MESSAGE,
  CREDIT_CARD_REFUSED_MESSAGE,
  INVALID_CARD_NUMBER_MESSAGE,
  SECURITY_CODE_FAILED_MESSAGE,
} from '../../../src/contract/payments';

/** The sandbox cards of docs/decisions.md. Any other number passing the Luhn check behaves as a debit card. */
const SANDBOX_CARDS = {
  debit: '4242424242424242',
  declined: '4000000000000002',
  declinedForFunds: '4000000000009995',
  credit: '5555555555554444',
} as const;
export const FAILING_SECURITY_CODE = '000';

export interface CardDetails {
  pan: string;
  /** MM/YY */
  expiry: string;
  securityCode: string;
}

export function luhnValid(pan: string): boolean {
  let sum = 0;
  for (let index = 0; index < pan.length; index++) {
    let digit = Number(pan[pan.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const maskPan = (pan: string) => `**** **** **** ${pan.slice(-4)}`;

/** A card is good through the last day of its expiry month (UTC). */
export function expired(expiry: string, now: Date): boolean {
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry);
  if (!match) return true;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return true;
  const firstOfNextMonth = Date.UTC(2000 + Number(match[2]), month, 1);
  return now.getTime() >= firstOfNextMonth;
}

export type SandboxCardResult = { ok: true; maskedPan: string } | { ok: false; error: string };

/** The checks the sandbox provider makes, in the order a real one would report them. */
export function checkSandboxCard(card: CardDetails, now: Date): SandboxCardResult {
  const pan = card.pan.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(pan) || !luhnValid(pan)) return { ok: false, error: INVALID_CARD_NUMBER_MESSAGE };
  if (expired(card.expiry, now)) return { ok: false, error: CARD_EXPIRED_MESSAGE };
  if (!/^\d{3,4}$/.test(card.securityCode) || card.securityCode === FAILING_SECURITY_CODE)
    return { ok: false, error: SECURITY_CODE_FAILED_MESSAGE };
  if (pan === SANDBOX_CARDS.credit) return { ok: false, error: CREDIT_CARD_REFUSED_MESSAGE };
  if (pan === SANDBOX_CARDS.declined) return { ok: false, error: CARD_DECLINED_MESSAGE };
  if (pan === SANDBOX_CARDS.declinedForFunds) return { ok: false, error: CARD_DECLINED_FOR_FUNDS_MESSAGE };
  return { ok: true, maskedPan: maskPan(pan) };
}
