import { HttpError, statusFallback } from '../../api/http';
import { LOOKUP_ERROR_FALLBACK, LOOKUP_NETWORK_ERROR } from '../../contract/address';

/** Spec 000 section 8: the server's text, else 'Error fetching addresses.'; no answer at all asks to try again. */
export function lookupErrorMessage(error: unknown): string {
  if (error instanceof HttpError && error.status !== undefined) {
    const text = error.message.trim();
    return text && text !== statusFallback(error.status) ? text : LOOKUP_ERROR_FALLBACK;
  }
  return LOOKUP_NETWORK_ERROR;
}
