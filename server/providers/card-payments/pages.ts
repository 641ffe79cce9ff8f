import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { text } from '../../../src/contract/common';
import type { ProvidersServerOptions } from '../provider-pages';
import { formatPence } from '../../../src/contract/rules/money';
import { DEPOSIT_MAX_PENCE, type PaymentWindowMessage } from '../../../src/contract/payments';
import { checkSandboxCard } from './sandbox-cards';
import { cardFingerprint, makeCardToken, PAY_PAGE_PATH } from './sandbox';
import { validValue } from '../../platform/signing/body-signature';
import type { PaymentNotification } from './provider';
import { escapeHtml, registerPageAssets, sendPage } from '../sandbox-pages';
import { sendSignedNotification } from '../signed-notifications';

export const NOTIFICATION_PATH = '/payments/notifications';

const pageQuery = z.object({
  payment: z.uuid(),
  amount: text()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .pipe(z.number().int().positive().max(DEPOSIT_MAX_PENCE)),
  sig: text().min(1).max(100),
});

const payRequest = z.object({
  payment: z.uuid(),
  amount: z.number().int().positive().max(DEPOSIT_MAX_PENCE),
  sig: text().min(1).max(100),
  name: text().trim().min(1, 'Name required').max(100, 'Name required'),
  cardNumber: text()
    .max(40)
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(text().regex(/^\d{1,19}$/, 'Card number required')),
  expiry: text()
    .trim()
    .regex(/^\d{2}\s*\/\s*\d{2}$/, 'Expiry must be MM/YY')
    .transform((value) => value.replace(/\s/g, '')),
  securityCode: text().regex(/^\d{3,4}$/, 'CVV required'),
});

const page = (reply: FastifyReply, status: number, body: string) =>
  sendPage(reply, { status, title: 'Sandbox card payment', path: PAY_PAGE_PATH, body });

function cardForm(amount: number): string {
  return `<h1>Pay ${escapeHtml(formatPence(amount))}</h1>
<p class="hint">Sandbox card payment. Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 is declined for insufficient funds.</p>
<form id="pay-form" action="${PAY_PAGE_PATH}" method="post" novalidate>
<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name" required maxlength="100">
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" autocomplete="cc-number" inputmode="numeric" required maxlength="23">
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/YY" required maxlength="7"></div>
<div><label for="securityCode">Security code</label><input id="securityCode" name="securityCode" autocomplete="cc-csc" inputmode="numeric" required maxlength="4"></div></div>
<button id="pay-button" type="submit">Pay ${escapeHtml(formatPence(amount))}</button>
</form>
<p id="pay-status" class="pay-status" role="alert" aria-live="assertive"></p>
<script src="${PAY_PAGE_PATH}.js"></script>`;
}

/** Sends the signed notification to the API and answers what the API settled; a redelivery is harmless. */
async function notify(
  options: ProvidersServerOptions,
  notification: PaymentNotification,
): Promise<PaymentWindowMessage> {
  let lastError = 'The payment could not be confirmed';
  for (const attempt of await sendSignedNotification(options, NOTIFICATION_PATH, notification)) {
    if (!attempt) lastError = 'The payment service could not be reached';
    else if (attempt.ok)
      return attempt.answer.status === 'Completed'
        ? { status: 'success' }
        : { status: 'failed', error: attempt.answer.error ?? lastError };
    else if (attempt.status < 500) return { status: 'failed', error: attempt.answer.message ?? lastError };
    else lastError = attempt.answer.message ?? lastError;
  }
  return { status: 'failed', error: lastError };
}

/** The sandbox card provider's hosted page on the providers' origin. */
export async function cardPaymentPages(app: FastifyInstance, options: ProvidersServerOptions): Promise<void> {
  const secret = options.config.secrets.providerSecret;

  registerPageAssets(app, PAY_PAGE_PATH, {
    script: new URL('./page.js', import.meta.url),
    styles: new URL('./page.css', import.meta.url),
  });

  app.get(PAY_PAGE_PATH, async (request, reply) => {
    const query = pageQuery.safeParse(request.query);
    if (
      !query.success ||
      !validValue(secret, 'pay-page', `${query.data.payment}:${query.data.amount}`, query.data.sig)
    ) {
      return page(
        reply,
        400,
        '<h1>Payment link not valid</h1><p>Please close this window and start the deposit again.</p>',
      );
    }
    return page(reply, 200, cardForm(query.data.amount));
  });

  app.post(PAY_PAGE_PATH, async (request, reply) => {
    const parsed = payRequest.safeParse(request.body);
    if (!parsed.success)
      return reply.status(400).send({
        message: parsed.error.issues[0]?.message.startsWith('Invalid')
          ? 'Please check your card details.'
          : parsed.error.issues[0]?.message,
      });
    const pay = parsed.data;
    if (!validValue(secret, 'pay-page', `${pay.payment}:${pay.amount}`, pay.sig))
      return reply.status(400).send({ message: 'Payment link not valid' });
    const card = checkSandboxCard(
      { pan: pay.cardNumber, expiry: pay.expiry, securityCode: pay.securityCode },
      new Date(),
    );
    const notification: PaymentNotification = card.ok
      ? {
          id: randomUUID(),
          paymentId: pay.payment,
          amount: pay.amount,
          status: 'success',
          cardToken: makeCardToken(secret, pay.cardNumber, pay.expiry),
          maskedPan: card.maskedPan,
          cardFingerprint: cardFingerprint(secret, pay.cardNumber),
          occurredAt: new Date().toISOString(),
        }
      : {
          id: randomUUID(),
          paymentId: pay.payment,
          amount: pay.amount,
          status: 'failed',
          error: card.error,
          occurredAt: new Date().toISOString(),
        };
    return notify(options, notification);
  });
}
