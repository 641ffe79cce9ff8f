import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { SIGNATURE_HEADER } from '../../platform/signing/body-signature';
import { IDENTITY_NOTIFICATION_PATH } from '../../providers/identity/pages';

export async function verificationRoutes(app: FastifyInstance, { identityProvider, verification, clock }: Services) {
  // The provider's server-to-server call, authenticated by its signature over the exact bytes sent:
  // this scope keeps the raw body instead of parsing JSON.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(IDENTITY_NOTIFICATION_PATH, async (request) => {
      const signature = request.headers[SIGNATURE_HEADER];
      const raw = typeof request.body === 'string' ? request.body : '';
      const notification = identityProvider.verifyNotification(
        raw,
        typeof signature === 'string' ? signature : undefined,
        clock.now(),
      );
      return verification.record(notification);
    });
  });
}
