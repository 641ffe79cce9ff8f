import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services';
import { parse } from '../../platform/http/parse';
import { readIdempotencyKey } from '../idempotency/service';
import {
  depositFormQuery,
  depositJsRequest,
  paymentsQuery,
  walletDepositRequest,
  walletSheetQuery,
  withdrawRequest,
} from '../../../src/contract/payments';
import { NOTIFICATION_PATH } from '../../providers/card-payments/pages';
import { SIGNATURE_HEADER } from '../../platform/signing/body-signature';
import type { Answer } from './payment-records';
import { keyedRateLimit } from '../../platform/http/keyed-rate-limit';

function send<T>(reply: FastifyReply, answer: Answer<T>) {
  if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
  return reply.status(answer.statusCode).send(answer.body);
}

export async function paymentsRoutes(app: FastifyInstance, services: Services) {
  const { payments, cardProvider, clock } = services;
  const auth = { preHandler: app.authenticate };
  const depositFormLimit = keyedRateLimit(services.rateLimits.depositForm, clock, (request) =>
    String(request.auth.userId),
  );
  // GAMSTOP is asked again before a deposit when its last answer for the customer is over a day old.
  const gamstopChecked = async (request: FastifyRequest) => services.gamstop.assertDepositAllowed(request.auth.userId);

  app.get(
    '/deposit_form',
    { preHandler: [app.authenticate, depositFormLimit, gamstopChecked] },
    async (request, reply) => {
      const query = parse(depositFormQuery, request.query);
      const key = readIdempotencyKey(request.headers['idempotency-key'], false);
      return send(reply, await payments.depositForm(request.auth.userId, query, key));
    },
  );

  app.post('/deposit_js', { preHandler: [app.authenticate, gamstopChecked] }, async (request, reply) => {
    const body = parse(depositJsRequest, request.body);
    const key = readIdempotencyKey(request.headers['idempotency-key'], true)!;
    return send(reply, await payments.depositWithSavedCard(request.auth.userId, body.amount, key));
  });

  app.get('/wallet_sheet', { preHandler: [app.authenticate, depositFormLimit, gamstopChecked] }, async (request) =>
    payments.walletSheet(request.auth.userId, parse(walletSheetQuery, request.query)),
  );

  app.post('/deposit_wallet', { preHandler: [app.authenticate, gamstopChecked] }, async (request, reply) => {
    const body = parse(walletDepositRequest, request.body);
    const key = readIdempotencyKey(request.headers['idempotency-key'], true)!;
    return send(reply, await payments.depositWithWallet(request.auth.userId, body, key));
  });

  app.post('/withdraw', auth, async (request, reply) => {
    const body = parse(withdrawRequest, request.body);
    const key = readIdempotencyKey(request.headers['idempotency-key'], true)!;
    return send(reply, await payments.withdraw(request.auth.userId, body, key));
  });

  app.get('/card', auth, async (request) => payments.savedCard(request.auth.userId));

  app.get('/payout_cards', auth, async (request) => payments.payoutCards(request.auth.userId));

  app.get('/payments', auth, async (request) =>
    payments.list(request.auth.userId, parse(paymentsQuery, request.query)),
  );

  // The provider's server-to-server call: authenticated by its signature over the exact bytes sent, so
  // this scope keeps the raw body instead of parsing JSON.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(NOTIFICATION_PATH, async (request) => {
      const signature = request.headers[SIGNATURE_HEADER];
      const raw = typeof request.body === 'string' ? request.body : '';
      const notification = cardProvider.verifyNotification(
        raw,
        typeof signature === 'string' ? signature : undefined,
        clock.now(),
      );
      return payments.handleNotification(notification);
    });
  });
}
