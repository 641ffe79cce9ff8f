import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { parse } from '../../platform/http/parse';
import { bearerToken } from '../../platform/http/bearer-token';
import { signedScope } from './signed-routes';
import {
  blockedSinceRequest,
  holdBatchRequest,
  holdRequest,
  p2pAuthenticateRequest,
  p2pBalanceRequest,
  p2pLaunchQuery,
  p2pWalletCallPath,
  P2P_LAUNCH_PATH,
  positionsRequest,
  releaseBatchRequest,
  releaseRequest,
  settleRequest,
  standingRequest,
} from '../../../src/contract/p2p-wallet';

export async function p2pWalletRoutes(
  app: FastifyInstance,
  { p2pLaunch, p2pWallet, sessionGuard, clock, config }: Services,
) {
  // Signing in is optional here: without Authorization the exchange opens anonymous; a token given must be good.
  app.get(P2P_LAUNCH_PATH, async (request) => {
    const { route } = parse(p2pLaunchQuery, request.query);
    const authorization = request.headers.authorization;
    const claims = authorization === undefined ? undefined : await sessionGuard.check(bearerToken(authorization));
    return p2pLaunch.launch(claims, route);
  });

  // The exchange's server-to-server calls, signed with its own secret.
  await signedScope(app, config.secrets.exchangeSecret, clock, (post) => {
    post(p2pWalletCallPath('authenticate'), p2pAuthenticateRequest, (body) => p2pLaunch.authenticate(body.token));
    post(p2pWalletCallPath('balance'), p2pBalanceRequest, (body) => p2pWallet.balance(body));
    post(p2pWalletCallPath('hold'), holdRequest, (body) => p2pWallet.hold(body));
    post(p2pWalletCallPath('holds'), holdBatchRequest, (body) => p2pWallet.holdMany(body.holds));
    post(p2pWalletCallPath('release'), releaseRequest, (body) => p2pWallet.release(body));
    post(p2pWalletCallPath('releases'), releaseBatchRequest, (body) => p2pWallet.releaseMany(body.releases));
    post(p2pWalletCallPath('settle'), settleRequest, (body) => p2pWallet.settle(body));
    post(p2pWalletCallPath('positions'), positionsRequest, (body) => p2pWallet.positions(body));
    post(p2pWalletCallPath('standing'), standingRequest, (body) => p2pWallet.standing(body));
    post(p2pWalletCallPath('blocked-since'), blockedSinceRequest, (body) => p2pWallet.blockedSince(body));
  });
}
