import { sql } from 'kysely';
import { executeNamed } from '../../platform/db/named-query';
import type { Posted, Posting, Trx } from '../wallet/ledger';
import type { P2pMoneyResponse, ReleaseRequest } from '../../../src/contract/p2p-wallet';
import { claimAndLockWallets, marketSums, NotAtOnce, positionSums, storeAnswers } from './holds-at-once';

const key = (playerId: number, marketId: string) => `${playerId} ${marketId}`;

/**
 * A batch of releases in a handful of statements, inside the caller's transaction: every release new, on an open
 * position holding at least its releases' sum, on a market that can pay them all out. Anything else throws
 * NotAtOnce and the caller decides the batch release by release. The answers are the single call's, as if sent one
 * by one in order. Locks in the single call's order: the claims, the wallets (in user order), the positions, the
 * markets, each class whole before the next.
 */
export async function releasesAtOnce(
  trx: Trx,
  postMany: (postings: Posting[]) => Promise<Array<Posted | null>>,
  requests: readonly ReleaseRequest[],
  toPosting: (request: ReleaseRequest) => Posting,
  now: Date,
): Promise<P2pMoneyResponse[]> {
  await claimAndLockWallets(trx, 'release', requests, now);
  const { grouped } = positionSums(requests);
  // Under FOR UPDATE each row is read as last committed: an open position holding the sum can take every release.
  const positions = await executeNamed(
    trx,
    sql<{ user_id: number; market_id: string; held: number; status: string }>`
    SELECT p.user_id, p.market_id, p.held, p.status FROM p2p_positions p
    JOIN unnest(${grouped.map((g) => g.playerId)}::int[], ${grouped.map((g) => g.marketId)}::text[])
      AS v (user_id, market_id) ON p.user_id = v.user_id AND p.market_id = v.market_id
    ORDER BY p.user_id, p.market_id
    FOR UPDATE OF p`,
  );
  const heldBefore = new Map(positions.rows.map((row) => [key(row.user_id, row.market_id), Number(row.held)]));
  if (
    positions.rows.length !== grouped.length ||
    positions.rows.some((row) => row.status !== 'open') ||
    grouped.some((sum) => heldBefore.get(key(sum.playerId, sum.marketId))! < sum.amount)
  )
    throw new NotAtOnce('a position settled, missing or short');

  const { marketIds, amounts } = marketSums(requests);
  // Every market pays them all out, or none: what is paid out of a market never exceeds what was held on it.
  const paid = await executeNamed(
    trx,
    sql<{ market_id: string }>`
    WITH locked AS MATERIALIZED (
      SELECT m.market_id, m.held, m.paid, v.amount FROM p2p_markets m
      JOIN unnest(${marketIds}::text[], ${amounts}::bigint[]) AS v (market_id, amount)
        ON m.market_id = v.market_id
      ORDER BY m.market_id
      FOR UPDATE OF m
    )
    UPDATE p2p_markets m SET paid = m.paid + l.amount, updated_at = ${now}
    FROM locked l WHERE m.market_id = l.market_id AND l.paid + l.amount <= l.held
    RETURNING m.market_id`,
  );
  if (paid.rows.length !== marketIds.length) throw new NotAtOnce('a market would be overpaid');

  const posted = await postMany(requests.map(toPosting));
  if (posted.some((one) => one === null)) throw new NotAtOnce('a wallet took nothing');
  await executeNamed(
    trx,
    sql`
    UPDATE p2p_positions p SET held = p.held - v.amount, released = p.released + v.amount, updated_at = ${now}
    FROM unnest(${grouped.map((g) => g.playerId)}::int[], ${grouped.map((g) => g.marketId)}::text[],
      ${grouped.map((g) => g.amount)}::bigint[]) AS v (user_id, market_id, amount)
    WHERE p.user_id = v.user_id AND p.market_id = v.market_id`,
  );

  const running = new Map(heldBefore);
  const answers = requests.map((request, index): P2pMoneyResponse => {
    const held = running.get(key(request.playerId, request.marketId))! - request.amount;
    running.set(key(request.playerId, request.marketId), held);
    return { balance: posted[index]!.balanceOut, walletTransactionId: posted[index]!.transactionId, held };
  });
  await storeAnswers(trx, requests, answers);
  return answers;
}
