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
    // One statement (one round trip) updates the wallet and appends the row carrying its new balance; the
    // UPDATE takes the wallet row's lock, and a posting that would go below zero updates and inserts nothing.
    const result = await sql<{ id: number; balance_out: number }>`
      WITH wallet AS (
        UPDATE wallets SET balance = balance + ${posting.amount}, updated_at = ${now}
        WHERE user_id = ${posting.userId} AND balance + ${posting.amount} >= 0
        RETURNING balance
      )
      INSERT INTO transactions (user_id, created_at, amount, balance_out, kind, vertical, reference, bet_id, iqs_transaction_id, payment_id)
      SELECT ${posting.userId}, ${now}, ${posting.amount}, wallet.balance, ${posting.kind}, ${posting.vertical ?? 'wallet'}, ${posting.reference},
        ${posting.betId ?? null}, ${posting.iqsTransactionId ?? null}, ${posting.paymentId ?? null}::uuid
      FROM wallet
      RETURNING id, balance_out`.execute(trx);
    const row = result.rows[0];
    if (!row) {
      const exists = await trx.selectFrom('wallets').select('user_id').where('user_id', '=', posting.userId).executeTakeFirst();
      if (!exists) throw new Error(`No wallet for user ${posting.userId}`);
      throw unprocessable(INSUFFICIENT_FUNDS, 'InsufficientFunds');
    }
    return { transactionId: row.id, userId: posting.userId, balanceOut: row.balance_out };
  }
}
