import type { Transaction } from 'kysely';
import { PAYOUT_CAP_WINDOW_MS } from '../../../src/contract/sportsbook-rules';
import type { SettledBetFigures } from './settlement';
import type { BetsDatabase } from './tables';

/**
 * Locks the payout-cap rows of these players (one per player, in a fixed order, so two payers never deadlock) and
 * reads what each was paid in the last 24 hours. Everything that pays a bet (settlement, cash out) reads the window
 * and pays under these locks, so two payments racing cannot both spend the same allowance. The lists returned are
 * the caller's to extend with what it pays in this transaction.
 */
export async function lockPayoutWindows(trx: Transaction<BetsDatabase>, playerIds: readonly string[], now: Date): Promise<(playerId: string) => SettledBetFigures[]> {
  const players = [...new Set(playerIds)].sort();
  const windowOf = new Map<string, SettledBetFigures[]>();
  const windowFor = (playerId: string) => {
    let window = windowOf.get(playerId);
    if (!window) windowOf.set(playerId, (window = []));
    return window;
  };
  if (players.length === 0) return windowFor;
  await trx.insertInto('sportsbook.payout_players').values(players.map((player_id) => ({ player_id }))).onConflict((oc) => oc.column('player_id').doNothing()).execute();
  await trx.selectFrom('sportsbook.payout_players').select('player_id').where('player_id', 'in', players).orderBy('player_id').forUpdate().execute();
  const windowStart = new Date(now.getTime() - PAYOUT_CAP_WINDOW_MS);
  const history = await trx.selectFrom('sportsbook.payout_nets').select(['player_id', 'stake', 'returns', 'settled_at']).where('player_id', 'in', players).where('settled_at', '>=', windowStart).execute();
  for (const row of history) windowFor(row.player_id).push({ settledAt: row.settled_at, stake: row.stake, returns: row.returns });
  return windowFor;
}
