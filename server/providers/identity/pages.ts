import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { text } from '../../../src/contract/common';
import type { ProvidersServerOptions } from '../provider-pages';
import { escapeHtml, registerPageAssets, sendPage } from '../sandbox-pages';
import { sendSignedNotification } from '../signed-notifications';
import { IDENTITY_PAGE_PATH, openSession } from './sandbox';
import type { IdentityCheckRequest } from './provider';
import type { VerificationNotification } from '../../../src/contract/registration';

export const IDENTITY_NOTIFICATION_PATH = '/identity/notifications';

const pageQuery = z.object({ session: text().min(1).max(4000), sig: text().min(1).max(100) });
const decisionRequest = pageQuery.extend({ result: z.enum(['passed', 'failed', 'canceled']) });

const page = (reply: FastifyReply, status: number, body: string) =>
  sendPage(reply, { status, title: 'Sandbox identity verification', path: IDENTITY_PAGE_PATH, body });

function detailsPage(details: IdentityCheckRequest): string {
  const [year, month, day] = details.dateOfBirth.split('-');
  const address = [details.address1, details.address2, details.addressCity, details.addressPostCode]
    .filter(Boolean)
    .join(', ');
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
  const attempts = await sendSignedNotification(options, IDENTITY_NOTIFICATION_PATH, notification);
  return attempts.at(-1)?.ok ?? false;
}

/** The sandbox identity verification page on the providers' origin: the details with Pass, Fail and Cancel. */
export async function identityVerificationPages(app: FastifyInstance, options: ProvidersServerOptions): Promise<void> {
  const secret = options.config.secrets.providerSecret;

  registerPageAssets(app, IDENTITY_PAGE_PATH, {
    script: new URL('./page.js', import.meta.url),
    styles: new URL('./page.css', import.meta.url),
  });

  app.get(IDENTITY_PAGE_PATH, async (request, reply) => {
    const query = pageQuery.safeParse(request.query);
    const details = query.success ? openSession(secret, query.data.session, query.data.sig) : null;
    if (!details)
      return page(
        reply,
        400,
        '<h1>Verification link not valid</h1><p>Please close this window and register again.</p>',
      );
    return page(reply, 200, detailsPage(details));
  });

  app.post(IDENTITY_PAGE_PATH, async (request, reply) => {
    const parsed = decisionRequest.safeParse(request.body);
    const details = parsed.success ? openSession(secret, parsed.data.session, parsed.data.sig) : null;
    if (!parsed.success || !details) return reply.status(400).send({ message: 'Verification link not valid' });
    const recorded = await notify(options, { reference: details.reference, result: parsed.data.result });
    if (!recorded) return reply.status(502).send({ message: 'The result could not be recorded. Please try again.' });
    return {
      status:
        parsed.data.result === 'passed' ? 'AV_SUCCESS' : parsed.data.result === 'failed' ? 'AV_FAIL' : 'AV_CANCELED',
    };
  });
}
