import { HttpError } from '../../api/http';
import { LOOKUP_ERROR_FALLBACK, LOOKUP_NETWORK_ERROR } from '../../contract/address';

/** Spec 000 section 8: the server's text, else 'Error fetching addresses.'; no answer at all asks to try again. */
export function lookupErrorMessage(error: unknown): string {
  if (error instanceof HttpError && error.status !== undefined) return error.message.trim() || LOOKUP_ERROR_FALLBACK;
  return LOOKUP_NETWORK_ERROR;
}
