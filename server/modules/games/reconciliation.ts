import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import {
  RECONCILIATION_DEFAULT_LIMIT,
  type ReconciliationBet,
  type ReconciliationPosting,
  type ReconciliationRequest,
  type ReconciliationResponse,
} from '../../../src/contract/reconciliation';

interface BetRow {
  bet_id: string;
  user_id: number;
  staked: number;
  refunded: number;
  returned: number;
  status: 'open' | 'closed';
}

/**
 * What the PAM knows of sportsbook bets, for the sportsbook's reconciliation (src/contract/reconciliation.ts): the
 * bets record, each bet's postings and each player's balance beside the sum of their postings, all read in one
 * snapshot (REPEATABLE READ), so a posting committing meanwhile is either wholly in the answer or wholly out of it.
 * Read only; the PAM never reads the sportsbook's tables.
 */
export class GamesReconciliationService {
  constructor(private readonly db: Db) {}

  async report(request: ReconciliationRequest): Promise<ReconciliationResponse> {
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const limit = request.limit ?? RECONCILIATION_DEFAULT_LIMIT;
        let query = trx
          .selectFrom('bets')
          .select(['bet_id', 'user_id', 'staked', 'refunded', 'returned', 'status'])
          .where('vertical', '=', 'sportsbook');
        if (request.betIds) {
          if (request.betIds.length === 0) return { bets: [], players: [], next: null };
          // Asked in their one spelling; a bet an older sportsbook stored under the upper-case id a browser sent is
          // found too, so that reconcile can name it.
          query = query.where('bet_id', 'in', [...request.betIds, ...request.betIds.map((id) => id.toUpperCase())]);
        } else {
          query = query.where('updated_at', '>=', new Date(request.since!));
          if (request.after) query = query.where('bet_id', '>', request.after);
          query = query.orderBy('bet_id').limit(limit);
        }
        const bets = (await query.execute()) as BetRow[];
        const next = !request.betIds && bets.length === limit ? bets[bets.length - 1]!.bet_id : null;
        if (bets.length === 0) return { bets: [], players: [], next };

        const postings = await trx
          .selectFrom('transactions')
          .select(['id', 'bet_id', 'iqs_transaction_id', 'kind', 'amount'])
          .where(
            'bet_id',
            'in',
            bets.map((bet) => bet.bet_id),
          )
          .where('kind', 'in', ['Stake', 'Returns', 'Refund'])
          .orderBy('id')
          .execute();
        const postingsOf = new Map<string, ReconciliationPosting[]>();
        for (const row of postings) {
          const posting: ReconciliationPosting = {
            transactionId: row.iqs_transaction_id,
            kind: row.kind as ReconciliationPosting['kind'],
            amount: row.amount,
            walletTransactionId: row.id,
          };
          const list = postingsOf.get(row.bet_id!);
          if (list) list.push(posting);
          else postingsOf.set(row.bet_id!, [posting]);
        }

        const playerIds = [...new Set(bets.map((bet) => bet.user_id))];
        const players = await sql<{ player_id: number; balance: number; postings_total: number }>`
          SELECT w.user_id AS player_id, w.balance, coalesce((SELECT sum(t.amount) FROM transactions t WHERE t.user_id = w.user_id), 0)::bigint AS postings_total
            FROM wallets w WHERE w.user_id = ANY(${playerIds}::int[])`.execute(trx);

        return {
          bets: bets.map((bet): ReconciliationBet => ({
            betId: bet.bet_id,
            playerId: bet.user_id,
            staked: bet.staked,
            refunded: bet.refunded,
            returned: bet.returned,
            status: bet.status,
            postings: postingsOf.get(bet.bet_id) ?? [],
          })),
          players: players.rows.map((row) => ({
            playerId: row.player_id,
            balance: row.balance,
            postingsTotal: row.postings_total,
          })),
          next,
        };
      });
  }
}
