import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Db } from '../../db/schema';
import type { Database } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { executeNamed } from '../../platform/db/named-query';
import type { LiveHub } from '../live/hub';
import type { TransactionKind, Vertical } from './tables';
import { unprocessable } from '../../platform/errors';
import { walletLocksFor } from './wallet-lock';

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
  /** Rows the last `alongside` statement returned (0 when there was none). */
  alongsideRows?: number;
}

/**
 * Statements that ride along with a posting, as CTEs of its one statement (one round trip): each may read
 * `posted` (id, balance_out: the row just appended, present only when the posting was made) and the ones before it,
 * and must have RETURNING; the last one's rows are counted in alongsideRows.
 */
export type Alongside = Array<{ name: string; statement: RawBuilder<unknown> }>;

const INSUFFICIENT_FUNDS = 'Insufficient funds';

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

  /**
   * Runs `work` in one database transaction and pushes the resulting balances live once it has committed. `post`
   * makes one posting; `postMany` many postings of one sign in one statement, for batches.
   */
  async transaction<T>(
    work: (
      trx: Trx,
      post: (posting: Posting, alongside?: Alongside) => Promise<Posted>,
      postMany: (postings: Posting[]) => Promise<Array<Posted | null>>,
    ) => Promise<T>,
  ): Promise<T> {
    const touched = new Map<number, number>();
    const result = await this.db.transaction().execute(async (trx) =>
      work(
        trx,
        async (posting, alongside) => {
          const posted = await this.post(trx, posting, alongside);
          touched.set(posted.userId, posted.balanceOut);
          return posted;
        },
        async (postings) => {
          const posted = await this.postMany(trx, postings);
          for (const one of posted) if (one) touched.set(one.userId, one.balanceOut);
          return posted;
        },
      ),
    );
    await Promise.all([...touched].map(([userId, balance]) => this.live.sendBalance(userId, balance)));
    return result;
  }

  /**
   * Postings of one sign (all credits or all debits) in one statement, in the order given: the wallets are locked in
   * user order (an UPDATE alone locks in whatever order its plan reads them), each is updated once by its postings'
   * sum, and each posting appends its row with the running balance after it, so the rows read exactly as if posted
   * one by one. A wallet that cannot take its sum (below zero, or none) takes none of its postings: their places in
   * the answer, which follows the order given, are null. With one sign the running balance only moves one way, so
   * the sum's guard covers every step.
   */
  private async postMany(trx: Trx, postings: Posting[]): Promise<Array<Posted | null>> {
    if (postings.length === 0) return [];
    const sign = Math.sign(postings[0]!.amount);
    for (const posting of postings)
      if (!Number.isSafeInteger(posting.amount) || posting.amount === 0 || Math.sign(posting.amount) !== sign)
        throw new Error(`Invalid posting amount ${posting.amount} in a batch`);
    const now = this.clock.now();
    const column = <K extends keyof Posting>(key: K) => postings.map((posting) => posting[key] ?? null);
    // A named statement: its text is the same for every batch (arrays), so PostgreSQL plans it once a connection.
    const result = await executeNamed(
      trx,
      sql<{ id: number; user_id: number; balance_out: number }>`
      WITH items AS (
        SELECT * FROM unnest(${column('userId')}::int[], ${column('amount')}::bigint[], ${column('kind')}::text[], ${postings.map((p) => p.vertical ?? 'wallet')}::text[],
          ${column('reference')}::text[], ${column('betId')}::text[], ${column('iqsTransactionId')}::text[], ${column('paymentId')}::uuid[])
          WITH ORDINALITY AS p (user_id, amount, kind, vertical, reference, bet_id, iqs_transaction_id, payment_id, ord)
      ),
      locked AS MATERIALIZED (
        ${walletLocksFor(sql`SELECT user_id FROM items`)}
      ),
      wallet AS (
        UPDATE wallets w SET balance = w.balance + t.total, updated_at = ${now}
        FROM (SELECT user_id, sum(amount) AS total FROM items GROUP BY user_id) t JOIN locked l ON l.user_id = t.user_id
        WHERE w.user_id = t.user_id AND w.balance + t.total >= 0
        RETURNING w.user_id, w.balance - t.total AS opening
      )
      INSERT INTO transactions (user_id, created_at, amount, balance_out, kind, vertical, reference, bet_id, iqs_transaction_id, payment_id)
      SELECT i.user_id, ${now}, i.amount, w.opening + sum(i.amount) OVER (PARTITION BY i.user_id ORDER BY i.ord), i.kind, i.vertical, i.reference, i.bet_id, i.iqs_transaction_id, i.payment_id
      FROM items i JOIN wallet w ON w.user_id = i.user_id
      ORDER BY i.ord
      RETURNING id, user_id, balance_out`,
    );
    // Rows are numbered in the order inserted, which is the order given (less the wallets that took nothing).
    const rows = result.rows.sort((a, b) => a.id - b.id).values();
    const taken = new Set(result.rows.map((row) => row.user_id));
    return postings.map((posting) => {
      if (!taken.has(posting.userId)) return null;
      const row = rows.next().value!;
      return { transactionId: row.id, userId: row.user_id, balanceOut: row.balance_out };
    });
  }

  private async post(trx: Trx, posting: Posting, alongside: Alongside = []): Promise<Posted> {
    if (!Number.isSafeInteger(posting.amount) || posting.amount === 0)
      throw new Error(`Invalid posting amount ${posting.amount}`);
    const now = this.clock.now();
    // One statement (one round trip) updates the wallet and appends the row carrying its new balance; the
    // UPDATE takes the wallet row's lock, and a posting that would go below zero updates and inserts nothing (nor
    // does anything riding along that reads `posted`).
    const last = alongside.at(-1)?.name;
    const result = await sql<{ id: number; balance_out: number; alongside: number }>`
      WITH wallet AS (
        UPDATE wallets SET balance = balance + ${posting.amount}, updated_at = ${now}
        WHERE user_id = ${posting.userId} AND balance + ${posting.amount} >= 0
        RETURNING balance
      ),
      posted AS (
        INSERT INTO transactions (user_id, created_at, amount, balance_out, kind, vertical, reference, bet_id, iqs_transaction_id, payment_id)
        SELECT ${posting.userId}, ${now}, ${posting.amount}, wallet.balance, ${posting.kind}, ${posting.vertical ?? 'wallet'}, ${posting.reference},
          ${posting.betId ?? null}, ${posting.iqsTransactionId ?? null}, ${posting.paymentId ?? null}::uuid
        FROM wallet
        RETURNING id, balance_out
      )${
        alongside.length > 0
          ? sql.join(
              alongside.map(({ name, statement }) => sql`, ${sql.id(name)} AS (${statement})`),
              sql``,
            )
          : sql``
      }
      SELECT id, balance_out, ${last ? sql`(SELECT count(*) FROM ${sql.id(last)})::int` : sql`0`} AS alongside FROM posted`.execute(
      trx,
    );
    const row = result.rows[0];
    if (!row) {
      const exists = await trx
        .selectFrom('wallets')
        .select('user_id')
        .where('user_id', '=', posting.userId)
        .executeTakeFirst();
      if (!exists) throw new Error(`No wallet for user ${posting.userId}`);
      throw unprocessable(INSUFFICIENT_FUNDS, 'InsufficientFunds');
    }
    return { transactionId: row.id, userId: posting.userId, balanceOut: row.balance_out, alongsideRows: row.alongside };
  }
}
