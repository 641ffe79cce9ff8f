import { sql } from 'kysely';
import { executeNamed } from '../../platform/db/named-query';
import type { Posted, Posting, Trx } from '../wallet/ledger';
import { lockWallets } from '../wallet/wallet-lock';
import { requestHash } from '../idempotency/service';
import { blockedFromBetting, sessionLive, type SessionStanding } from '../games/standing';
import type { StandingRow } from './standing';
import type { P2pCallKind } from './tables';
import type { HoldRequest, P2pMoneyResponse } from '../../../src/contract/p2p-wallet';

/** Thrown (rolling the whole batch back) when a batch needs more than the set-based path decides. */
export class NotAtOnce extends Error {}

const key = (playerId: number, other: string) => `${playerId} ${other}`;

/**
 * A batch of holds in a handful of statements, whatever its size, inside the caller's transaction: every hold new,
 * every player and session in good standing, no position settled, every wallet covering its holds' sum. Anything
 * else throws NotAtOnce and the caller decides the batch hold by hold instead. The answers are the single call's,
 * as if sent one by one in order (a player's balance and a position's hold after each). Locks in the single call's
 * order: the claims, the wallets (in user order), the players' rows, the positions, the markets, each class whole
 * before the next, so the wallets are held for a few statements only and never while waiting for a market.
 */
export async function holdsAtOnce(
  trx: Trx,
  postMany: (postings: Posting[]) => Promise<Array<Posted | null>>,
  requests: readonly HoldRequest[],
  toPosting: (request: HoldRequest) => Posting,
  now: Date,
): Promise<P2pMoneyResponse[]> {
  await claimAndLockWallets(trx, 'hold', requests, now);
  const sessions = [...new Map(requests.map((r) => [key(r.playerId, r.sessionId), r])).values()];
  const standing = await executeNamed(
    trx,
    sql<StandingRow & SessionStanding & { user_id: number }>`
    SELECT v.user_id, u.status, u.locked_out, u.verification_status, u.exclusion_kind, u.exclusion_until,
      u.exclusion_permanent, f.revoked_at, f.expires_at AS family_expires_at
    FROM unnest(${sessions.map((r) => r.playerId)}::int[], ${sessions.map((r) => r.sessionId)}::text[]) AS v (user_id, session_id)
    JOIN users u ON u.id = v.user_id
    LEFT JOIN game_sessions s ON s.user_id = u.id AND s.id = v.session_id AND s.game = 'p2p'
    LEFT JOIN refresh_families f ON f.id = s.family_id
    ORDER BY u.id
    FOR SHARE OF u`,
  );
  if (
    standing.rows.length !== sessions.length ||
    standing.rows.some((row) => blockedFromBetting(row, now) || !sessionLive(row, now))
  )
    throw new NotAtOnce('a player blocked or a session over');

  const { sums, grouped } = positionSums(requests);
  // Under FOR UPDATE each row is read as last committed, so a settlement that got there first is seen.
  const locked = await executeNamed(
    trx,
    sql<{ status: string }>`
    SELECT p.status FROM p2p_positions p
    JOIN unnest(${grouped.map((g) => g.playerId)}::int[], ${grouped.map((g) => g.marketId)}::text[])
      AS v (user_id, market_id) ON p.user_id = v.user_id AND p.market_id = v.market_id
    ORDER BY p.user_id, p.market_id
    FOR UPDATE OF p`,
  );
  if (locked.rows.some((row) => row.status === 'settled')) throw new NotAtOnce('a position settled');

  const posted = await postMany(requests.map(toPosting));
  if (posted.some((one) => one === null)) throw new NotAtOnce('a wallet short of its holds');

  const heldAfter = await executeNamed(
    trx,
    sql<{ user_id: number; market_id: string; held: number }>`
    INSERT INTO p2p_positions (user_id, market_id, held, held_total, status, opened_at, updated_at, event_name)
    SELECT v.user_id, v.market_id, v.amount, v.amount, 'open', ${now}, ${now}, v.event_name
    FROM unnest(${grouped.map((g) => g.playerId)}::int[], ${grouped.map((g) => g.marketId)}::text[],
      ${grouped.map((g) => g.amount)}::bigint[], ${grouped.map((g) => g.eventName)}::text[])
      AS v (user_id, market_id, amount, event_name)
    ORDER BY v.user_id, v.market_id
    ON CONFLICT (user_id, market_id) DO UPDATE SET held = p2p_positions.held + EXCLUDED.held,
      held_total = p2p_positions.held_total + EXCLUDED.held_total, updated_at = EXCLUDED.updated_at,
      event_name = coalesce(p2p_positions.event_name, EXCLUDED.event_name)
    RETURNING user_id, market_id, held`,
  );
  const { marketIds, amounts } = marketSums(requests);
  await executeNamed(
    trx,
    sql`
    INSERT INTO p2p_markets (market_id, held, paid, updated_at)
    SELECT v.market_id, v.amount, 0, ${now}
    FROM unnest(${marketIds}::text[], ${amounts}::bigint[]) AS v (market_id, amount)
    ORDER BY v.market_id
    ON CONFLICT (market_id) DO UPDATE SET held = p2p_markets.held + EXCLUDED.held, updated_at = EXCLUDED.updated_at`,
  );

  // Each position's hold after each of its holds in turn: what it held before the batch, plus the holds so far.
  const running = new Map<string, number>();
  for (const row of heldAfter.rows)
    running.set(key(row.user_id, row.market_id), Number(row.held) - sums.get(key(row.user_id, row.market_id))!.amount);
  const answers = requests.map((request, index): P2pMoneyResponse => {
    const held = running.get(key(request.playerId, request.marketId))! + request.amount;
    running.set(key(request.playerId, request.marketId), held);
    return { balance: posted[index]!.balanceOut, walletTransactionId: posted[index]!.transactionId, held };
  });
  await storeAnswers(trx, requests, answers);
  return answers;
}

type Call = { transactionId: string; playerId: number; marketId: string; amount: number; eventName?: string };

/** Claims every call (claimAll), then locks the players' wallets in user order; NotAtOnce for an unknown player. */
export async function claimAndLockWallets(
  trx: Trx,
  kind: P2pCallKind,
  requests: readonly Call[],
  now: Date,
): Promise<void> {
  await claimAll(trx, kind, requests, now);
  const players = [...new Set(requests.map((request) => request.playerId))].sort((a, b) => a - b);
  if ((await lockWallets(trx, players)).size !== players.length) throw new NotAtOnce('an unknown player');
}

/** The calls summed by position, in lock order (player, then market), with the first match name given for each. */
export function positionSums(requests: readonly Call[]) {
  const sums = new Map<string, { playerId: number; marketId: string; amount: number; eventName: string | null }>();
  for (const request of requests) {
    const sum = sums.get(key(request.playerId, request.marketId)) ?? {
      playerId: request.playerId,
      marketId: request.marketId,
      amount: 0,
      eventName: null,
    };
    sum.amount += request.amount;
    sum.eventName ??= request.eventName ?? null;
    sums.set(key(request.playerId, request.marketId), sum);
  }
  const grouped = [...sums.values()].sort(
    (a, b) => a.playerId - b.playerId || (a.marketId < b.marketId ? -1 : a.marketId > b.marketId ? 1 : 0),
  );
  return { sums, grouped };
}

/** The calls summed by market, in lock order. */
export function marketSums(requests: readonly Call[]): { marketIds: string[]; amounts: number[] } {
  const markets = new Map<string, number>();
  for (const request of requests) markets.set(request.marketId, (markets.get(request.marketId) ?? 0) + request.amount);
  const marketIds = [...markets.keys()].sort();
  return { marketIds, amounts: marketIds.map((id) => markets.get(id)!) };
}

/** Claims every call's transaction id in one statement; throws NotAtOnce unless every one is new and distinct. */
async function claimAll(trx: Trx, kind: P2pCallKind, requests: readonly Call[], now: Date): Promise<void> {
  if (new Set(requests.map((request) => request.transactionId)).size !== requests.length)
    throw new NotAtOnce('a transaction id twice');
  const claimed = await executeNamed(
    trx,
    sql<{ transaction_id: string }>`
    INSERT INTO p2p_wallet_calls (transaction_id, kind, fingerprint, user_id, market_id, amount, created_at)
    SELECT v.transaction_id, ${kind}, v.fingerprint, v.user_id, v.market_id, v.amount, ${now}
    FROM unnest(${requests.map((r) => r.transactionId)}::uuid[], ${requests.map((r) => requestHash(`p2p ${kind}`, r))}::text[],
      ${requests.map((r) => r.playerId)}::int[], ${requests.map((r) => r.marketId)}::text[],
      ${requests.map((r) => r.amount)}::bigint[]) AS v (transaction_id, fingerprint, user_id, market_id, amount)
    ON CONFLICT (transaction_id) DO NOTHING
    RETURNING transaction_id`,
  );
  if (claimed.rows.length !== requests.length) throw new NotAtOnce('a repeat');
}

/** Each call's answer stored on its claim, in one statement, for a repeat to replay. */
export async function storeAnswers(
  trx: Trx,
  requests: readonly Call[],
  answers: readonly P2pMoneyResponse[],
): Promise<void> {
  await executeNamed(
    trx,
    sql`
    UPDATE p2p_wallet_calls c SET answer = v.answer::jsonb, ledger_transaction_id = v.ledger_transaction_id
    FROM unnest(${requests.map((r) => r.transactionId)}::uuid[], ${answers.map((a) => JSON.stringify(a))}::text[],
      ${answers.map((a) => a.walletTransactionId)}::bigint[]) AS v (transaction_id, answer, ledger_transaction_id)
    WHERE c.transaction_id = v.transaction_id`,
  );
}
