import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TestContext, TestUser } from './harness';
import { login, TEST_SECRETS } from './harness';
import { signedPost, type CallOptions } from './games';
import { balanceOf } from './money';
import { rowCounts } from './sweep';
import { LAUNCH_FRAGMENT_KEY } from '../../../src/contract/games';
import {
  P2P_LAUNCH_PATH,
  P2P_WALLET_ERROR_STATUS,
  p2pWalletCallPath,
  type P2pMoneyResponse,
  type P2pWalletCall,
  type P2pWalletErrorCode,
} from '../../../src/contract/p2p-wallet';

/** Sends a call as the exchange does: raw JSON signed over its exact bytes with the exchange's secret (unless told). */
export function p2pCall(
  context: TestContext,
  call: P2pWalletCall,
  body: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return signedPost(context, p2pWalletCallPath(call), body, {
    ...options,
    secret: options.secret ?? TEST_SECRETS.exchangeSecret,
  });
}

/** The launch token in the exchange's URL for this access token. */
export async function p2pLaunchToken(context: TestContext, accessToken: string): Promise<string> {
  const response = await context.request({ method: 'GET', url: P2P_LAUNCH_PATH, token: accessToken });
  expect(response.statusCode, response.body).toBe(200);
  const token = new URLSearchParams(new URL(response.json().url as string).hash.slice(1)).get(LAUNCH_FRAGMENT_KEY);
  expect(token).toBeTruthy();
  return token!;
}

export interface ExchangeSession {
  playerId: number;
  sessionId: string;
  accessToken: string;
}

/** Signs in, launches the exchange and trades the launch token: an exchange session for this customer. */
export async function openExchangeSession(context: TestContext, user: TestUser): Promise<ExchangeSession> {
  const { accessToken } = await login(context, user);
  const response = await p2pCall(context, 'authenticate', { token: await p2pLaunchToken(context, accessToken) });
  expect(response.statusCode, response.body).toBe(200);
  const { playerId, sessionId } = response.json() as { playerId: number; sessionId: string };
  return { playerId, sessionId, accessToken };
}

export const newMarketId = () => `${randomUUID()}~match-odds`;

export const holdBody = (session: Omit<ExchangeSession, 'accessToken'>, marketId: string, amount: number) => ({
  transactionId: randomUUID(),
  playerId: session.playerId,
  sessionId: session.sessionId,
  marketId,
  amount,
});

export const moneyBody = (playerId: number, marketId: string, amount: number) => ({
  transactionId: randomUUID(),
  playerId,
  marketId,
  amount,
});

/** Makes a money call and expects it accepted. */
export async function p2pMoney(
  context: TestContext,
  call: 'hold' | 'release' | 'settle',
  body: unknown,
): Promise<P2pMoneyResponse> {
  const response = await p2pCall(context, call, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as P2pMoneyResponse;
}

/** Expects the call refused with `code`, every table's rows and the customer's balance as they were. */
export async function expectP2pRefused(
  context: TestContext,
  userId: number,
  call: P2pWalletCall,
  body: unknown,
  code: P2pWalletErrorCode,
  options: CallOptions = {},
) {
  const before = { rows: await rowCounts(context), balance: await balanceOf(context, userId) };
  const response = await p2pCall(context, call, body, options);
  expect(response.statusCode, response.body).toBe(P2P_WALLET_ERROR_STATUS[code]);
  expect(response.json()).toEqual({ message: expect.any(String), code });
  expect({ rows: await rowCounts(context), balance: await balanceOf(context, userId) }).toEqual(before);
}
