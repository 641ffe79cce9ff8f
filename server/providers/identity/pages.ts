import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ProvidersServerOptions } from '../server';
import { signBody, SIGNATURE_HEADER } from '../card-payments/signing';
import { IDENTITY_PAGE_PATH, openSession } from './sandbox';
import type { IdentityCheckRequest } from './provider';
import type { VerificationNotification } from '../../../src/contract/registration';

const script = readFileSync(new URL('./page.js', import.meta.url), 'utf8');
const styles = readFileSync(new URL('./page.css', import.meta.url), 'utf8');

export const IDENTITY_NOTIFICATION_PATH = '/identity/notifications';

const PAGE_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const pageQuery = z.object({ session: z.string().min(1).max(4000), sig: z.string().min(1).max(100) });
const decisionRequest = pageQuery.extend({ result: z.enum(['passed', 'failed', 'canceled']) });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function page(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('Content-Security-Policy', PAGE_CSP)
    .header('Cache-Control', 'no-store')
    .header('Cross-Origin-Opener-Policy', 'unsafe-none')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox identity verification</title><link rel="stylesheet" href="${IDENTITY_PAGE_PATH}.css"></head><body><main>${body}</main></body></html>`,
    );
}

function detailsPage(details: IdentityCheckRequest): string {
  const [year, month, day] = details.dateOfBirth.split('-');
  const address = [details.address1, details.address2, details.addressCity, details.addressPostCode].filter(Boolean).join(', ');
  const row = (label: string, value: string) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value || '-')}</dd>`;
  return `<h1>Verify your identity</h1>
<p class="hint">Sandbox identity check. Choose the result the check should give.</p>
<dl>${row('Name', `${details.firstName} ${details.lastName}`)}${row('Date of birth', `${day}/${month}/${year}`)}${row('Address', address)}</dl>
<div class="actions">
<button type="button" data-result="passed" class="pass">Pass</button>
<button type="button" data-result="failed" class="fail">Fail</button>
<button type="button" data-result="canceled" class="cancel">Cancel</button>
</div>
<p id="status" class="status" role="alert" aria-live="assertive"></p>
<script src="${IDENTITY_PAGE_PATH}.js"></script>`;
}

/** Tells the API the result, signed; answers whether the API took it. */
async function notify(options: ProvidersServerOptions, notification: VerificationNotification): Promise<boolean> {
  const body = JSON.stringify(notification);
  const url = new URL(IDENTITY_NOTIFICATION_PATH, options.config.publicUrl).toString();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(options.config.secrets.providerSecret, body, new Date()) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (response.ok) return true;
      if (response.status < 500) return false;
    } catch {
      // retried below
    }
  }
  return false;
}

/** The sandbox identity verification page on the providers' origin: the details with Pass, Fail and Cancel. */
export async function identityVerificationPages(app: FastifyInstance, options: ProvidersServerOptions): Promise<void> {
  const secret = options.config.secrets.providerSecret;

  app.get(`${IDENTITY_PAGE_PATH}.js`, async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(script));
  app.get(`${IDENTITY_PAGE_PATH}.css`, async (_request, reply) => reply.type('text/css; charset=utf-8').header('Cache-Control', 'no-cache').send(styles));

  app.get(IDENTITY_PAGE_PATH, async (request, reply) => {
    const query = pageQuery.safeParse(request.query);
    const details = query.success ? openSession(secret, query.data.session, query.data.sig) : null;
    if (!details) return page(reply, 400, '<h1>Verification link not valid</h1><p>Please close this window and register again.</p>');
    return page(reply, 200, detailsPage(details));
  });

  app.post(IDENTITY_PAGE_PATH, async (request, reply) => {
    const parsed = decisionRequest.safeParse(request.body);
    const details = parsed.success ? openSession(secret, parsed.data.session, parsed.data.sig) : null;
    if (!parsed.success || !details) return reply.status(400).send({ message: 'Verification link not valid' });
    const recorded = await notify(options, { reference: details.reference, result: parsed.data.result });
    if (!recorded) return reply.status(502).send({ message: 'The result could not be recorded. Please try again.' });
    return { status: parsed.data.result === 'passed' ? 'AV_SUCCESS' : parsed.data.result === 'failed' ? 'AV_FAIL' : 'AV_CANCELED' };
  });
}
