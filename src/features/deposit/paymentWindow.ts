import type { ZodType } from 'zod';
import { paymentWindowMessage, type PaymentWindowMessage } from '../../contract/payments';

export const POPUP_BLOCKED = 'Popup was blocked.';

/**
 * Opens the (still empty) payment window at once, inside the customer's click: a window opened after the
 * request returns would be blocked by most browsers.
 */
export function openBlankPaymentWindow(open: typeof window.open = (...args) => window.open(...args)): Window | null {
  return open('about:blank', 'exsport-payment', 'popup,width=480,height=720');
}

/** The provider's page with the parent origin it must post its result to. */
export function paymentPageUrl(paymentForm: string, parentOrigin: string): string {
  const url = new URL(paymentForm);
  url.searchParams.set('parentOrigin', parentOrigin);
  return url.toString();
}

/**
 * Waits for the payment page's result. Only messages from the providers' origin (that of the page's address) and
 * from the payment window itself count, and only in the shape expected; anything else is ignored.
 */
export function listenForPaymentResult<Message = PaymentWindowMessage>(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  pageUrl: string,
  source: MessageEventSource | null,
  onResult: (result: Message) => void,
  schema: ZodType<Message> = paymentWindowMessage as unknown as ZodType<Message>,
): () => void {
  const providerOrigin = new URL(pageUrl).origin;
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== providerOrigin) return;
    if (source && event.source && event.source !== source) return;
    const parsed = schema.safeParse(event.data);
    if (parsed.success) onResult(parsed.data);
  };
  target.addEventListener('message', onMessage as EventListener);
  return () => target.removeEventListener('message', onMessage as EventListener);
}
