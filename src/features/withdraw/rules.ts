import { poundsToPence, penceToPoundsInput, type Pence } from '../../contract/rules/money';
import {
  SECURITY_CODE_FAILURE_PATTERN,
  WITHDRAW_CARD_FAILED_TEXT,
  WITHDRAW_INPUT_MAX_LENGTH,
} from '../../contract/payments';

/**
 * What the withdraw field keeps of what was typed: digits with at most one point and 2 decimals, at most
 * 10 characters, and never more than the balance (the balance itself is shown instead).
 */
export function cleanWithdrawInput(typed: string, balance: Pence): string {
  let cleaned = typed.replace(/[^\d.]/g, '');
  const point = cleaned.indexOf('.');
  if (point !== -1)
    cleaned =
      cleaned.slice(0, point + 1) +
      cleaned
        .slice(point + 1)
        .replace(/\./g, '')
        .slice(0, 2);
  cleaned = cleaned.slice(0, WITHDRAW_INPUT_MAX_LENGTH);
  const amount = poundsToPence(cleaned);
  if (Number.isFinite(amount) && amount > balance) return penceToPoundsInput(Math.max(0, balance));
  return cleaned;
}

export interface WithdrawSubmitState {
  amount: Pence;
  userId: number | null | undefined;
  newCard: boolean;
  agreed: boolean;
}

/** Spec 001 section 4: a positive amount and a known user; with a new card the agreement is ticked too. */
export function canSubmitWithdraw({ amount, userId, newCard, agreed }: WithdrawSubmitState): boolean {
  if (!Number.isFinite(amount) || amount <= 0) return false;
  if (userId === null || userId === undefined) return false;
  return !newCard || agreed;
}

const WITHDRAW_NEEDS_AMOUNT = 'Enter an amount to withdraw.';
export const WITHDRAW_NEEDS_AGREEMENT = 'Tick the box to agree to your card details being stored.';
const WITHDRAW_NEEDS_ACCOUNT = 'Your account details are still loading.';

/** Why the Withdraw button is off, in the customer's words, so it is never silently disabled. */
export function withdrawBlockers({ amount, userId, newCard, agreed }: WithdrawSubmitState): string[] {
  const blockers: string[] = [];
  if (!Number.isFinite(amount) || amount <= 0) blockers.push(WITHDRAW_NEEDS_AMOUNT);
  if (newCard && !agreed) blockers.push(WITHDRAW_NEEDS_AGREEMENT);
  if (userId === null || userId === undefined) blockers.push(WITHDRAW_NEEDS_ACCOUNT);
  return blockers;
}

/** Said when what was typed was more than the balance and the amount was brought down to it. */
export const cappedAtBalanceText = (balance: string) =>
  `You can withdraw at most your balance, ${balance}; the amount has been set to that.`;

/** The server's words for a failed security-code check become the specification's message. */
export function withdrawErrorMessage(message: string): string {
  return SECURITY_CODE_FAILURE_PATTERN.test(message) ? WITHDRAW_CARD_FAILED_TEXT : message;
}
