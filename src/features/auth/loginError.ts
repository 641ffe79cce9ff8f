import { HttpError } from '../../api/http';
import { LOCKED_OUT_MESSAGE } from '../../contract/auth';

export const SUSPENDED_LOGIN_TEXT = 'This account has been suspended. To discuss your suspension please contact customer support';
export const UNEXPECTED_LOGIN_ERROR = 'An unexpected error occurred';

export type LoginError = { kind: 'suspended' } | { kind: 'message'; text: string };

/** Spec 000 section 8: a lock-out reads as suspension, other answers as returned, no answer at all as unexpected. */
export function describeLoginError(error: unknown): LoginError {
  if (!(error instanceof HttpError) || error.status === undefined) return { kind: 'message', text: UNEXPECTED_LOGIN_ERROR };
  if (error.message.includes(LOCKED_OUT_MESSAGE)) return { kind: 'suspended' };
  return { kind: 'message', text: error.message };
}
