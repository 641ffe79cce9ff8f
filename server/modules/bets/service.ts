import type { Db } from '../../db/database';
import type { BetSummary } from '../../../src/contract/bets';

const MAX_BETS = 200;

/** The customer's bets from the bets record, newest first. */
export class BetsService {
  constructor(private readonly db: Db) {}

  async list(userId: number): Promise<BetSummary[]> {
    const rows = await this.db
      .selectFrom('bets')
      .select(['bet_id', 'vertical', 'staked', 'refunded', 'returned', 'status', 'placed_at'])
      .where('user_id', '=', userId)
      .orderBy('placed_at', 'desc')
      .orderBy('bet_id', 'desc')
      .limit(MAX_BETS)
      .execute();
    return rows.map((row) => ({
      betId: row.bet_id,
      vertical: row.vertical,
      placedAt: row.placed_at.toISOString(),
      stake: row.staked,
      returns: row.status === 'open' ? null : row.returned + row.refunded,
      status: row.status === 'open' ? 'Open' : row.returned === 0 && row.refunded === row.staked ? 'Refunded' : 'Settled',
    }));
  }
}
