import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TestContext, TestUser } from './harness';
import { login, TEST_SECRETS } from './harness';
import { signWalletRequest } from '../../../server/platform/signing/wallet-signature';
import {
  LAUNCH_FRAGMENT_KEY,
  walletCallPath,
  WALLET_CREDIT_BATCH_PATH,
  WALLET_DEBIT_BATCH_PATH,
  WALLET_SIGNATURE_HEADER,
  type WalletCall,
} from '../../../src/contract/games';
import { WALLET_MAX_AMOUNT } from '../../../src/contract/wallet-money';

export interface CallOptions {
  /** Signature to send instead of a good one (null: none at all). */
  signature?: string | null;
  at?: Date;
  secret?: string;
}

/** Sends a wallet call as the sportsbook does: raw JSON, signed over its exact bytes at the PAM's "now". */
export function walletCall(
  context: TestContext,
  call: WalletCall,
  body: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return signedPost(context, walletCallPath(call), body, options);
}

/** A batched call (POST /games/iqs/wallet/credits or /debits), signed the same way. */
export function walletBatch(
  context: TestContext,
  kind: 'credits' | 'debits',
  body: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return signedPost(context, kind === 'credits' ? WALLET_CREDIT_BATCH_PATH : WALLET_DEBIT_BATCH_PATH, body, options);
}

export function signedPost(
  context: TestContext,
  url: string,
  body: unknown,
  options: CallOptions,
): Promise<LightMyRequestResponse> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const signature =
    options.signature === undefined
      ? signWalletRequest(
          options.secret ?? TEST_SECRETS.sportsbookSecret,
          'POST',
          url,
          raw,
          options.at ?? context.clock.now(),
        )
      : options.signature;
  return context.request({
    method: 'POST',
    url,
    payload: raw,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { [WALLET_SIGNATURE_HEADER]: signature }),
    },
  });
}

/** A launch token minted for this access token, as the frame's URL carries it. */
export async function launchToken(context: TestContext, accessToken: string): Promise<string> {
  const response = await context.request({ method: 'GET', url: '/games/iqs', token: accessToken });
  expect(response.statusCode, response.body).toBe(200);
  const url = new URL(response.json().url as string);
  const token = new URLSearchParams(url.hash.slice(1)).get(LAUNCH_FRAGMENT_KEY);
  expect(token).toBeTruthy();
  return token!;
}

export interface SportsbookSession {
  playerId: number;
  sessionId: string;
  accessToken: string;
  refreshToken: string;
}

/** Signs in, launches the sportsbook and trades the launch token: a sportsbook session for this customer. */
export async function openSession(context: TestContext, user: TestUser): Promise<SportsbookSession> {
  const tokens = await login(context, user);
  const response = await walletCall(context, 'authenticate', { token: await launchToken(context, tokens.accessToken) });
  expect(response.statusCode, response.body).toBe(200);
  const { playerId, sessionId } = response.json() as { playerId: number; sessionId: string };
  return { playerId, sessionId, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
}

export const newId = (prefix: string) => `${prefix}-${randomUUID()}`;

/** A test's stake may return anything the wallet takes, unless the test says what its bet can return. */
export const ANY_RETURN = WALLET_MAX_AMOUNT;

export function debitBody(
  session: Pick<SportsbookSession, 'playerId' | 'sessionId'>,
  amount: number,
  overrides: Record<string, unknown> = {},
) {
  return {
    transactionId: newId('tx'),
    betId: newId('bet'),
    playerId: session.playerId,
    sessionId: session.sessionId,
    amount,
    maxReturn: ANY_RETURN,
    ...overrides,
  };
}

export function creditBody(
  playerId: number,
  betId: string,
  amount: number,
  closesBet = true,
  overrides: Record<string, unknown> = {},
) {
  return { transactionId: newId('tx'), betId, playerId, amount, closesBet, ...overrides };
}

export function rollbackBody(
  playerId: number,
  betId: string,
  originalTransactionId: string,
  overrides: Record<string, unknown> = {},
) {
  return { transactionId: newId('tx'), originalTransactionId, betId, playerId, ...overrides };
}

/** Places a stake through the wallet API and expects it accepted; returns the debit's body. */
export async function placeBet(
  context: TestContext,
  session: SportsbookSession,
  amount: number,
  overrides: Record<string, unknown> = {},
) {
  const body = debitBody(session, amount, overrides);
  const response = await walletCall(context, 'debit', body);
  expect(response.statusCode, response.body).toBe(200);
  return body;
}

/** Pays (or closes at 0) a bet through the wallet API and expects it accepted. */
export async function settleBet(
  context: TestContext,
  playerId: number,
  betId: string,
  amount: number,
  closesBet = true,
) {
  const response = await walletCall(context, 'credit', creditBody(playerId, betId, amount, closesBet));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { balance: number; walletTransactionId: number | null };
}

/** For every bet: the bets record's sums are the sums of its postings. */
export async function betsDisagreeingWithLedger(context: TestContext) {
  const result = await sql<{ bet_id: string }>`
    SELECT b.bet_id FROM bets b
    LEFT JOIN transactions t ON t.bet_id = b.bet_id
    GROUP BY b.bet_id, b.user_id, b.staked, b.refunded, b.returned
    HAVING b.staked <> COALESCE(SUM(CASE WHEN t.kind = 'Stake' THEN -t.amount ELSE 0 END), 0)
      OR b.refunded <> COALESCE(SUM(CASE WHEN t.kind = 'Refund' THEN t.amount ELSE 0 END), 0)
      OR b.returned <> COALESCE(SUM(CASE WHEN t.kind = 'Returns' THEN t.amount ELSE 0 END), 0)
      OR bool_or(t.user_id <> b.user_id)`.execute(context.database.db);
  return result.rows;
}
