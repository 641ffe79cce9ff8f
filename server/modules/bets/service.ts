import type { Db } from '../../db/schema';
import type { BetSummary } from '../../../src/contract/bets';

const MAX_BETS = 200;

/** The customer's bets from the bets record, newest first. */
export class BetsService {
  constructor(private readonly db: Db) {}

  async list(userId: number): Promise<BetSummary[]> {
    const rows = await this.db
      .selectFrom('bets')
      .leftJoin('free_bets', 'free_bets.id', 'bets.free_bet_id')
      .select([
        'bets.bet_id',
        'bets.vertical',
        'bets.staked',
        'bets.free_bet_stake',
        'bets.refunded',
        'bets.returned',
        'bets.status',
        'bets.placed_at',
        'free_bets.returned_at as token_returned_at',
        'free_bets.used_bet_id as token_bet_id',
      ])
      .where('bets.user_id', '=', userId)
      .orderBy('bets.placed_at', 'desc')
      .orderBy('bets.bet_id', 'desc')
      .limit(MAX_BETS)
      .execute();
    return rows.map((row) => {
      // A free bet's stake is its token (no cash staked): refunded when its rollback gave the token back (a token given
      // back may be staked again on another bet, which then holds it).
      const refunded =
        row.free_bet_stake > 0
          ? row.token_returned_at !== null && row.token_bet_id !== row.bet_id
          : row.returned === 0 && row.refunded === row.staked;
      return {
        betId: row.bet_id,
        vertical: row.vertical,
        placedAt: row.placed_at.toISOString(),
        stake: row.staked + row.free_bet_stake,
        returns: row.status === 'open' ? null : row.returned + row.refunded,
        status: row.status === 'open' ? 'Open' : refunded ? 'Refunded' : 'Settled',
      };
    });
  }
}
