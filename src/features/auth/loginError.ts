import { HttpError } from '../../api/http';
import { LOCKED_OUT_MESSAGE } from '../../contract/auth';

export const SUSPENDED_LOGIN_TEXT =
  'This account has been suspended. To discuss your suspension please contact customer support';
const UNEXPECTED_LOGIN_ERROR = 'An unexpected error occurred';

/** Told to a customer in a time out or self-exclusion who tries to sign in, after the server's words, with the support address. */
export const EXCLUDED_BALANCE_TEXT =
  'Your balance is safe. To have it returned to your card while your account is locked, contact customer support';

export type LoginError = { kind: 'suspended' } | { kind: 'excluded'; text: string } | { kind: 'message'; text: string };

/** The password was right and the account asks for its authenticator code: the drawer's second step. */
export const isTwoStepRequired = (error: unknown) => error instanceof HttpError && error.code === 'TwoStepRequired';

/** Spec 000 section 8: a lock-out reads as suspension, other answers as returned, no answer at all as unexpected. */
export function describeLoginError(error: unknown): LoginError {
  if (!(error instanceof HttpError) || error.status === undefined)
    return { kind: 'message', text: UNEXPECTED_LOGIN_ERROR };
  if (error.message.includes(LOCKED_OUT_MESSAGE)) return { kind: 'suspended' };
  if (error.code === 'AccountExcluded') return { kind: 'excluded', text: error.message };
  return { kind: 'message', text: error.message };
}
