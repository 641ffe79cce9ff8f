import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Clock } from '../../clock';
import type { LiveHub } from '../live/hub';
import type { TransactionKind, Vertical } from './tables';
import { unprocessable } from '../../errors';

export type Trx = Transaction<Database>;

export interface Posting {
  userId: number;
  /** Signed pence: credits positive, debits negative. */
  amount: number;
  kind: TransactionKind;
  vertical?: Vertical;
  reference: string;
  betId?: string | null;
  iqsTransactionId?: string | null;
  paymentId?: string | null;
}

export interface Posted {
  transactionId: number;
  userId: number;
  balanceOut: number;
}

export const INSUFFICIENT_FUNDS = 'Insufficient funds';

/**
 * The only way money moves. Each posting updates the wallet and appends its transaction row in the
 * caller's database transaction; the single UPDATE holds the wallet row's lock until commit, so
 * concurrent postings on one wallet queue, and a posting that would take the balance below zero is refused.
 */
export class Ledger {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly live: LiveHub,
  ) {}

  /** Runs `work` in one database transaction and pushes the resulting balances live once it has committed. */
  async transaction<T>(work: (trx: Trx, post: (posting: Posting) => Promise<Posted>) => Promise<T>): Promise<T> {
    const touched = new Map<number, number>();
    const result = await this.db.transaction().execute(async (trx) =>
      work(trx, async (posting) => {
        const posted = await this.post(trx, posting);
        touched.set(posted.userId, posted.balanceOut);
        return posted;
      }),
    );
    await Promise.all([...touched].map(([userId, balance]) => this.live.sendBalance(userId, balance)));
    return result;
  }

  private async post(trx: Trx, posting: Posting): Promise<Posted> {
    if (!Number.isSafeInteger(posting.amount) || posting.amount === 0) throw new Error(`Invalid posting amount ${posting.amount}`);
    const now = this.clock.now();
    const wallet = await trx
      .updateTable('wallets')
      .set({ balance: sql`balance + ${posting.amount}`, updated_at: now })
      .where('user_id', '=', posting.userId)
      .where(sql<boolean>`balance + ${posting.amount} >= 0`)
      .returning('balance')
      .executeTakeFirst();
    if (!wallet) {
      const exists = await trx.selectFrom('wallets').select('user_id').where('user_id', '=', posting.userId).executeTakeFirst();
      if (!exists) throw new Error(`No wallet for user ${posting.userId}`);
      throw unprocessable(INSUFFICIENT_FUNDS, 'InsufficientFunds');
    }
    const row = await trx
      .insertInto('transactions')
      .values({
        user_id: posting.userId,
        created_at: now,
        amount: posting.amount,
        balance_out: wallet.balance,
        kind: posting.kind,
        vertical: posting.vertical ?? 'wallet',
        reference: posting.reference,
        bet_id: posting.betId ?? null,
        iqs_transaction_id: posting.iqsTransactionId ?? null,
        payment_id: posting.paymentId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { transactionId: row.id, userId: posting.userId, balanceOut: wallet.balance };
  }
}
