import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../../services';
import { parse } from '../../platform/http/parse';
import { badRequest } from '../../platform/errors';
import { bearerToken } from '../../platform/http/bearer-token';
import { verifyWalletRequest } from '../../platform/signing/wallet-signature';
import {
  authenticateRequest,
  balanceRequest,
  creditBatchRequest,
  CREDIT_BATCH_MAX,
  creditRequest,
  debitBatchRequest,
  DEBIT_BATCH_MAX,
  debitRequest,
  freeBetsRequest,
  gamesLaunchQuery,
  GAMES_LAUNCH_PATH,
  rollbackRequest,
  walletCallPath,
  WALLET_CREDIT_BATCH_PATH,
  WALLET_DEBIT_BATCH_PATH,
  WALLET_SIGNATURE_HEADER,
} from '../../../src/contract/games';
import { reconciliationRequest } from '../../../src/contract/reconciliation';

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest('Invalid request body');
  }
}

export async function gamesRoutes(
  app: FastifyInstance,
  { gamesLaunch, gamesWallet, gamesReconciliation, sessionGuard, clock, config }: Services,
) {
  // Signing in is optional here: without Authorization the frame opens anonymous; a token given must be good (401/403 otherwise).
  app.get(GAMES_LAUNCH_PATH, async (request) => {
    const { route } = parse(gamesLaunchQuery, request.query);
    const authorization = request.headers.authorization;
    const claims = authorization === undefined ? undefined : await sessionGuard.check(bearerToken(authorization));
    return gamesLaunch.launch(claims, route);
  });

  // The sportsbook's server-to-server calls, authenticated by a signature over the method, path and exact bytes sent: this scope keeps
  // the raw body, checks the signature, then parses the JSON once.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    const signed =
      <S extends z.ZodType, T>(schema: S, handle: (body: z.output<S>) => Promise<T>) =>
      async (request: FastifyRequest): Promise<T> => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers[WALLET_SIGNATURE_HEADER];
        verifyWalletRequest(
          config.secrets.sportsbookSecret,
          { method: request.method, path: request.url, rawBody: raw },
          typeof signature === 'string' ? signature : undefined,
          clock.now(),
        );
        return handle(parse(schema, parseJson(raw)));
      };

    scope.post(
      walletCallPath('authenticate'),
      signed(authenticateRequest, (body) => gamesLaunch.authenticate(body.token)),
    );
    scope.post(
      walletCallPath('balance'),
      signed(balanceRequest, (body) => gamesWallet.balance(body)),
    );
    scope.post(
      walletCallPath('debit'),
      signed(debitRequest, (body) => gamesWallet.debit(body)),
    );
    scope.post(
      walletCallPath('credit'),
      signed(creditRequest, (body) => gamesWallet.credit(body)),
    );
    scope.post(
      walletCallPath('rollback'),
      signed(rollbackRequest, (body) => gamesWallet.rollback(body)),
    );
    scope.post(
      walletCallPath('reconciliation'),
      signed(reconciliationRequest, (body) => gamesReconciliation.report(body)),
    );
    // A full batch of credits is larger than any single call; each credit's own fields keep their limits.
    scope.post(
      WALLET_CREDIT_BATCH_PATH,
      { bodyLimit: CREDIT_BATCH_MAX * 1_024 },
      signed(creditBatchRequest, async (body) => ({ results: await gamesWallet.creditMany(body.credits) })),
    );
    scope.post(
      WALLET_DEBIT_BATCH_PATH,
      { bodyLimit: DEBIT_BATCH_MAX * 1_024 },
      signed(debitBatchRequest, async (body) => ({ results: await gamesWallet.debitMany(body.debits) })),
    );
    scope.post(
      walletCallPath('free-bets'),
      signed(freeBetsRequest, (body) => gamesWallet.freeBetTokens(body)),
    );
  });
}
