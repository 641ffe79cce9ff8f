import type { Db } from '../../db/schema';
import { isCashOutDescription } from '../../../src/contract/games';
import {
  P2P_MARKETS_LIMIT,
  type P2pMarketItem,
  type TransactionItem,
  type TransactionKindName,
  type VerticalName,
} from '../../../src/contract/transactions';

export interface TransactionsFilter {
  kind?: TransactionKindName;
  vertical?: VerticalName;
  from?: Date;
  to?: Date;
  prevId?: number;
  limit: number;
}

/** A customer's ledger rows, newest first, by keyset on id: rows added meanwhile never shift a page. */
export class TransactionsService {
  constructor(private readonly db: Db) {}

  async list(userId: number, filter: TransactionsFilter): Promise<TransactionItem[]> {
    let query = this.db
      .selectFrom('transactions')
      .select([
        'id',
        'created_at',
        'amount',
        'balance_out',
        'kind',
        'vertical',
        'bet_id',
        'iqs_transaction_id',
        'reference',
      ])
      .where('user_id', '=', userId);
    if (filter.kind) query = query.where('kind', '=', filter.kind);
    if (filter.vertical) query = query.where('vertical', '=', filter.vertical);
    if (filter.from) query = query.where('created_at', '>=', filter.from);
    if (filter.to) query = query.where('created_at', '<', filter.to);
    if (filter.prevId !== undefined) query = query.where('id', '<', filter.prevId);
    const rows = await query.orderBy('id', 'desc').limit(filter.limit).execute();
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at.toISOString(),
      amount: row.amount,
      balanceOut: row.balance_out,
      kind: row.kind,
      vertical: row.vertical,
      betId: row.bet_id,
      iqsTransactionId: row.iqs_transaction_id,
      reference: row.reference,
      cashOut: row.kind === 'Returns' && row.vertical === 'sportsbook' && isCashOutDescription(row.reference),
    }));
  }

  /** The customer's exchange markets as the P2P wallet recorded them, newest first, each settled one's result. */
  async p2pMarkets(userId: number): Promise<P2pMarketItem[]> {
    const rows = await this.db
      .selectFrom('p2p_positions')
      .select([
        'market_id',
        'event_name',
        'status',
        'held',
        'held_total',
        'released',
        'paid',
        'opened_at',
        'settled_at',
      ])
      .where('user_id', '=', userId)
      .orderBy('opened_at', 'desc')
      .limit(P2P_MARKETS_LIMIT)
      .execute();
    return rows.map((row) => {
      // Settling spends the hold (held becomes 0): what was at stake is every hold less every release.
      const staked = Number(row.held_total) - Number(row.released);
      const paid = Number(row.paid);
      return {
        marketId: row.market_id,
        eventName: row.event_name,
        status: row.status,
        staked,
        paid,
        profit: row.status === 'settled' ? paid - staked : null,
        openedAt: row.opened_at.toISOString(),
        settledAt: row.settled_at?.toISOString() ?? null,
      };
    });
  }

  /**
   * Card deposits minus withdrawals over the whole account (UK rules ask to show it). A rejected withdrawal
   * comes back as a wallet Refund carrying its payment id and counts back; a bet's refund (a sportsbook or
   * exchange vertical, no payment id) is not a deposit, nor is an operator's credit or adjustment.
   */
  async netDeposits(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('net'))
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('kind', 'in', ['Deposit', 'Withdrawal']),
          eb.and([eb('kind', '=', 'Refund'), eb('vertical', '=', 'wallet'), eb('payment_id', 'is not', null)]),
        ]),
      )
      .executeTakeFirstOrThrow();
    return Number(row.net);
  }
}
