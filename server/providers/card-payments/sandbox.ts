import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { isoDate, text } from '../../../src/contract/common';
import {
  CARD_EXPIRED_MESSAGE,
  SECURITY_CODE_FAILED_MESSAGE,
  WALLET_TOKEN_INVALID_MESSAGE,
  type CardInfo,
  type Wallet,
} from '../../../src/contract/payments';
import type {
  CardCheck,
  CardPaymentProvider,
  ChargeLookup,
  ChargeOutcome,
  PaymentNotification,
  WalletTokenCheck,
} from './provider';
import { readWalletToken, WALLET_SHEET_PATH, WALLET_TOKEN_MAX_AGE_MS, walletSheetSignature } from './sandbox-wallet';
import { checkSandboxCard, expired, FAILING_SECURITY_CODE } from './sandbox-cards';
import { signValue, validValue } from '../../platform/signing/body-signature';
import { verifySignedNotification } from '../signed-notifications';
import type { Clock } from '../../platform/clock';

export const PAY_PAGE_PATH = '/card-payments/pay';

const notificationSchema = z.object({
  id: text().min(1).max(100),
  paymentId: z.uuid(),
  amount: z.number().int().positive().safe(),
  status: z.enum(['success', 'failed']),
  error: text().max(200).optional(),
  cardToken: text().max(300).optional(),
  maskedPan: text().max(40).optional(),
  cardFingerprint: text().max(100).optional(),
  occurredAt: isoDate(),
});

interface TokenBody {
  last4: string;
  expiry: string;
  nonce: string;
  /** The card's fingerprint (absent in tokens made before fingerprints). */
  fp?: string;
  /** Made for a wallet's funding card: the holder was checked by the wallet, and the sandbox holds no code for it. */
  wallet?: true;
}

/** The same for every token of one card number, and says nothing of the number without the secret. */
export const cardFingerprint = (secret: string, pan: string) => signValue(secret, 'card-fingerprint', pan);

/** Tokens carry the masked card, expiry and fingerprint, signed, so the sandbox keeps no vault; never the full number or the code. */
export function makeCardToken(secret: string, pan: string, expiry: string, options: { wallet?: true } = {}): string {
  const body = Buffer.from(
    JSON.stringify({
      last4: pan.slice(-4),
      expiry,
      nonce: randomBytes(6).toString('base64url'),
      fp: cardFingerprint(secret, pan),
      ...options,
    } satisfies TokenBody),
  ).toString('base64url');
  return `sbx_${body}.${signValue(secret, 'card-token', body)}`;
}

function readCardToken(secret: string, token: string): TokenBody | undefined {
  const match = /^sbx_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!match || !validValue(secret, 'card-token', match[1]!, match[2]!)) return undefined;
  return JSON.parse(Buffer.from(match[1]!, 'base64url').toString()) as TokenBody;
}

/** The hosted page's query: which payment, how much, signed by the API so the amount cannot be edited. */
const paymentPageSignature = (secret: string, paymentId: string, amount: number) =>
  signValue(secret, 'pay-page', `${paymentId}:${amount}`);

export class SandboxCardProvider implements CardPaymentProvider {
  /** Saved-card charges by reference, as a provider remembers them (this sandbox only while the process runs). */
  private readonly charges = new Map<string, ChargeOutcome>();

  constructor(
    private readonly providersUrl: string,
    private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  hostedPaymentUrl({ paymentId, amount }: { paymentId: string; amount: number }): string {
    const url = new URL(PAY_PAGE_PATH, this.providersUrl);
    url.searchParams.set('payment', paymentId);
    url.searchParams.set('amount', String(amount));
    url.searchParams.set('sig', paymentPageSignature(this.secret, paymentId, amount));
    return url.toString();
  }

  async chargeSavedCard({
    paymentId,
    cardToken,
  }: {
    paymentId: string;
    amount: number;
    cardToken: string;
  }): Promise<ChargeOutcome> {
    const earlier = this.charges.get(paymentId);
    if (earlier) return earlier;
    const outcome = this.charge(cardToken);
    this.charges.set(paymentId, outcome);
    return outcome;
  }

  async findCharge({ paymentId }: { paymentId: string; amount: number }): Promise<ChargeLookup> {
    return this.charges.get(paymentId) ?? { ok: 'unknown' };
  }

  private charge(cardToken: string): ChargeOutcome {
    const card = readCardToken(this.secret, cardToken);
    if (!card) return { ok: false, error: 'Saved card not recognised' };
    if (expired(card.expiry, this.clock.now())) return { ok: false, error: 'Card expired' };
    return { ok: true, maskedPan: `**** **** **** ${card.last4}`, ...(card.fp ? { cardFingerprint: card.fp } : {}) };
  }

  walletSheetUrl({ wallet, amount }: { wallet: Wallet; amount: number }): string {
    const url = new URL(WALLET_SHEET_PATH, this.providersUrl);
    url.searchParams.set('wallet', wallet);
    url.searchParams.set('amount', String(amount));
    url.searchParams.set('sig', walletSheetSignature(this.secret, wallet, amount));
    return url.toString();
  }

  async openWalletToken(token: string): Promise<WalletTokenCheck> {
    const body = readWalletToken(this.secret, token);
    const age = body ? this.clock.now().getTime() - body.issuedAt : Number.NaN;
    if (!body || !(age >= -WALLET_TOKEN_MAX_AGE_MS && age <= WALLET_TOKEN_MAX_AGE_MS))
      return { ok: false, error: WALLET_TOKEN_INVALID_MESSAGE };
    const { id, issuedAt: _issuedAt, ...card } = body;
    return { ok: true, tokenId: id, ...card };
  }

  /**
   * The sandbox wants the security code to pay out to a card typed on its page that the customer did not save: the
   * saved card was stored with their agreement, and a wallet's card was checked by the wallet (docs/decisions.md).
   */
  payoutSecurityCodeRequired({ cardToken, saved }: { cardToken: string; saved: boolean }): boolean {
    return !saved && !readCardToken(this.secret, cardToken)?.wallet;
  }

  async checkPayoutSecurityCode({
    cardToken,
    securityCode,
  }: {
    cardToken: string;
    securityCode: string;
  }): Promise<{ ok: true } | { ok: false; error: string }> {
    const card = readCardToken(this.secret, cardToken);
    if (!card) return { ok: false, error: 'Saved card not recognised' };
    if (!/^\d{3,4}$/.test(securityCode) || securityCode === FAILING_SECURITY_CODE)
      return { ok: false, error: SECURITY_CODE_FAILED_MESSAGE };
    if (expired(card.expiry, this.clock.now())) return { ok: false, error: CARD_EXPIRED_MESSAGE };
    return { ok: true };
  }

  async checkPayoutCard(card: CardInfo): Promise<CardCheck> {
    const result = checkSandboxCard(
      { pan: card.pan, expiry: card.expiryDate, securityCode: card.securityCode },
      this.clock.now(),
    );
    if (!result.ok) return result;
    return {
      ok: true,
      maskedPan: result.maskedPan,
      cardToken: makeCardToken(this.secret, card.pan, card.expiryDate),
      cardFingerprint: cardFingerprint(this.secret, card.pan),
    };
  }

  verifyNotification(rawBody: string, signatureHeader: string | undefined, now: Date): PaymentNotification {
    return verifySignedNotification(this.secret, rawBody, signatureHeader, now, notificationSchema);
  }
}
