import { VERIFICATION_MESSAGES, type VerificationMessage } from '../../contract/registration';

export const POPUP_BLOCKED_MESSAGE = 'Popup was blocked. Please allow pop-ups for this site.';
/** Spec 000 section 4: on desktop a closed popup is noticed within 500 ms. */
export const POPUP_CLOSED_CHECK_MS = 500;

/** Opened at once inside the customer's click (a window opened after the request returns would be blocked), then pointed at the provider. */
export function openBlankVerificationWindow(open: typeof window.open): Window | null {
  return open('about:blank', 'exsport-verification', 'popup,width=480,height=760');
}

/** The provider's page with the parent origin it must post its result to. */
export function verificationPageUrl(avCheckUrl: string, parentOrigin: string): string {
  const url = new URL(avCheckUrl);
  url.searchParams.set('parentOrigin', parentOrigin);
  return url.toString();
}

/** The result in a window message, or null when the message is not one from the provider's origin. */
export function verificationResult(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  providerOrigin: string,
): 'success' | 'fail' | null {
  if (event.origin !== providerOrigin) return null;
  const status: unknown =
    typeof event.data === 'object' && event.data !== null ? (event.data as { status?: unknown }).status : event.data;
  if (!VERIFICATION_MESSAGES.includes(status as VerificationMessage)) return null;
  return status === 'AV_SUCCESS' ? 'success' : 'fail';
}
