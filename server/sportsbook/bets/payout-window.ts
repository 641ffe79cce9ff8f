import { sql, type Transaction } from 'kysely';
import { PAYOUT_CAP_WINDOW_MS } from '../../../src/contract/sportsbook-rules';
import type { SettledBetFigures } from './settlement';
import type { BetsDatabase } from './tables';

/**
 * Locks the payout-cap rows of these players (one per player, in a fixed order, so two payers never deadlock) and
 * reads what each was paid in the last 24 hours. Everything that pays a bet (settlement, cash out) reads the window
 * and pays under these locks, so two payments racing cannot both spend the same allowance. The lists returned are
 * the caller's to extend with what it pays in this transaction.
 */
export async function lockPayoutWindows(
  trx: Transaction<BetsDatabase>,
  playerIds: readonly string[],
  now: Date,
): Promise<(playerId: string) => SettledBetFigures[]> {
  const players = [...new Set(playerIds)].sort();
  const windowOf = new Map<string, SettledBetFigures[]>();
  const windowFor = (playerId: string) => {
    let window = windowOf.get(playerId);
    if (!window) windowOf.set(playerId, (window = []));
    return window;
  };
  if (players.length === 0) return windowFor;
  await trx
    .insertInto('sportsbook.payout_players')
    .values(players.map((player_id) => ({ player_id })))
    .onConflict((oc) => oc.column('player_id').doNothing())
    .execute();
  await trx
    .selectFrom('sportsbook.payout_players')
    .select('player_id')
    .where('player_id', 'in', players)
    .orderBy('player_id')
    .forUpdate()
    .execute();
  const windowStart = new Date(now.getTime() - PAYOUT_CAP_WINDOW_MS);
  // What the window holds, as netPaidInWindow reads it, computed by the database (a settlement of 50,000 bets in chunks
  // would otherwise read every earlier chunk again): the largest net over a stretch of the window before now, standing
  // as one figure at the window's start, and the net of the bets already settled at this very instant, standing at
  // now, where what the caller pays joins them as one group. RANGE keeps the bets of one instant whole in the sums.
  const history = await sql<{ player_id: string; largest: number; now_net: number }>`
    SELECT player_id,
           coalesce(max(suffix) FILTER (WHERE settled_at < ${now}), 0)::bigint AS largest,
           coalesce(sum(returns - stake) FILTER (WHERE settled_at = ${now}), 0)::bigint AS now_net
      FROM (
        SELECT player_id, settled_at, stake, returns,
               sum(returns - stake) OVER (PARTITION BY player_id, settled_at = ${now} ORDER BY settled_at DESC RANGE UNBOUNDED PRECEDING) AS suffix
          FROM sportsbook.payout_nets WHERE player_id = ANY(${players}::text[]) AND settled_at >= ${windowStart} AND settled_at <= ${now}
      ) suffixes GROUP BY player_id`.execute(trx);
  for (const row of history.rows) {
    const window = windowFor(row.player_id);
    if (row.largest > 0) window.push({ settledAt: windowStart, stake: 0, returns: row.largest });
    // A net loss at this instant stands as a stake that returned nothing.
    if (row.now_net !== 0)
      window.push({ settledAt: now, stake: Math.max(0, -row.now_net), returns: Math.max(0, row.now_net) });
  }
  return windowFor;
}
