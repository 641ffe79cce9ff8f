import type { Db } from '../../db/database';
import type { BetSummary } from '../../../src/contract/bets';

const MAX_BETS = 200;

/** The customer's bets as their ledger records them: each Stake with what came back for it. */
export class BetsService {
  constructor(private readonly db: Db) {}

  async list(userId: number): Promise<BetSummary[]> {
    const rows = await this.db
      .selectFrom('transactions')
      .select(['bet_id', 'kind', 'amount', 'vertical', 'created_at', 'id'])
      .where('user_id', '=', userId)
      .where('bet_id', 'is not', null)
      .where('kind', 'in', ['Stake', 'Returns', 'Refund'])
      .orderBy('id', 'desc')
      .limit(MAX_BETS * 4)
      .execute();
    const bets = new Map<string, BetSummary>();
    const paid = new Map<string, { amount: number; refunded: boolean }>();
    for (const row of rows) {
      const betId = row.bet_id!;
      if (row.kind === 'Stake') {
        if (!bets.has(betId)) bets.set(betId, { betId, vertical: row.vertical, placedAt: row.created_at.toISOString(), stake: 0, returns: null, status: 'Open' });
        bets.get(betId)!.stake += -row.amount;
      } else {
        const entry = paid.get(betId) ?? { amount: 0, refunded: false };
        entry.amount += row.amount;
        entry.refunded ||= row.kind === 'Refund';
        paid.set(betId, entry);
      }
    }
    for (const bet of bets.values()) {
      const entry = paid.get(bet.betId);
      if (entry) {
        bet.returns = entry.amount;
        bet.status = entry.refunded ? 'Refunded' : 'Settled';
      }
    }
    return [...bets.values()].slice(0, MAX_BETS);
  }
}
