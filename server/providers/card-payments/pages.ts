import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ProvidersServerOptions } from '../server';
import { formatPence } from '../../../src/lib/money';
import { DEPOSIT_MAX_PENCE, type PaymentWindowMessage } from '../../../src/contract/payments';
import { checkSandboxCard } from './sandbox-cards';
import { makeCardToken, PAY_PAGE_PATH } from './sandbox';
import { signBody, SIGNATURE_HEADER, validValue } from './signing';
import type { PaymentNotification } from './provider';

const script = readFileSync(new URL('./page.js', import.meta.url), 'utf8');
const styles = readFileSync(new URL('./page.css', import.meta.url), 'utf8');

export const NOTIFICATION_PATH = '/payments/notifications';

// The page may only talk to its own origin and never be framed; its one script is a file, not inline.
const PAGE_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const pageQuery = z.object({
  payment: z.uuid(),
  amount: z.string().regex(/^\d{1,9}$/).transform(Number).pipe(z.number().int().positive().max(DEPOSIT_MAX_PENCE)),
  sig: z.string().min(1).max(100),
});

const payRequest = z.object({
  payment: z.uuid(),
  amount: z.number().int().positive().max(DEPOSIT_MAX_PENCE),
  sig: z.string().min(1).max(100),
  name: z.string().trim().min(1, 'Name required').max(100, 'Name required'),
  cardNumber: z.string().max(40).transform((value) => value.replace(/[\s-]/g, '')).pipe(z.string().regex(/^\d{1,19}$/, 'Card number required')),
  expiry: z.string().trim().regex(/^\d{2}\s*\/\s*\d{2}$/, 'Expiry must be MM/YY').transform((value) => value.replace(/\s/g, '')),
  securityCode: z.string().regex(/^\d{3,4}$/, 'CVV required'),
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function page(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('Content-Security-Policy', PAGE_CSP)
    .header('Cache-Control', 'no-store')
    .header('Cross-Origin-Opener-Policy', 'unsafe-none')
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox card payment</title><link rel="stylesheet" href="${PAY_PAGE_PATH}.css"></head><body><main>${body}</main></body></html>`);
}

function cardForm(amount: number): string {
  return `<h1>Pay ${escapeHtml(formatPence(amount))}</h1>
<p class="hint">Sandbox card payment. Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined.</p>
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
async function notify(options: ProvidersServerOptions, notification: PaymentNotification): Promise<PaymentWindowMessage> {
  const body = JSON.stringify(notification);
  const url = new URL(NOTIFICATION_PATH, options.config.publicUrl).toString();
  let lastError = 'The payment could not be confirmed';
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(options.config.secrets.providerSecret, body, new Date()) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await response.json().catch(() => ({}))) as { status?: string; error?: string | null; message?: string };
      if (response.ok) return answer.status === 'Completed' ? { status: 'success' } : { status: 'failed', error: answer.error ?? lastError };
      if (response.status < 500) return { status: 'failed', error: answer.message ?? lastError };
      lastError = answer.message ?? lastError;
    } catch {
      lastError = 'The payment service could not be reached';
    }
  }
  return { status: 'failed', error: lastError };
}

/** The sandbox card provider's hosted page on the providers' origin. */
export async function cardPaymentPages(app: FastifyInstance, options: ProvidersServerOptions): Promise<void> {
  const secret = options.config.secrets.providerSecret;

  app.get(`${PAY_PAGE_PATH}.js`, async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(script));
  app.get(`${PAY_PAGE_PATH}.css`, async (_request, reply) => reply.type('text/css; charset=utf-8').header('Cache-Control', 'no-cache').send(styles));

  app.get(PAY_PAGE_PATH, async (request, reply) => {
    const query = pageQuery.safeParse(request.query);
    if (!query.success || !validValue(secret, 'pay-page', `${query.data.payment}:${query.data.amount}`, query.data.sig)) {
      return page(reply, 400, '<h1>Payment link not valid</h1><p>Please close this window and start the deposit again.</p>');
    }
    return page(reply, 200, cardForm(query.data.amount));
  });

  app.post(PAY_PAGE_PATH, async (request, reply) => {
    const parsed = payRequest.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ message: parsed.error.issues[0]?.message.startsWith('Invalid') ? 'Please check your card details.' : parsed.error.issues[0]?.message });
    const pay = parsed.data;
    if (!validValue(secret, 'pay-page', `${pay.payment}:${pay.amount}`, pay.sig)) return reply.status(400).send({ message: 'Payment link not valid' });
    const card = checkSandboxCard({ pan: pay.cardNumber, expiry: pay.expiry, securityCode: pay.securityCode }, new Date());
    const notification: PaymentNotification = card.ok
      ? { id: randomUUID(), paymentId: pay.payment, amount: pay.amount, status: 'success', cardToken: makeCardToken(secret, pay.cardNumber, pay.expiry), maskedPan: card.maskedPan, occurredAt: new Date().toISOString() }
      : { id: randomUUID(), paymentId: pay.payment, amount: pay.amount, status: 'failed', error: card.error, occurredAt: new Date().toISOString() };
    return notify(options, notification);
  });
}
