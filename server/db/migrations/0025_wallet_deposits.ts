import { sql, type Kysely } from 'kysely';

/**
 * Wallet deposits (Apple Pay, Google Pay): how each payment was paid, and every wallet token ever used, by the id the
 * provider gives it, so a token presented twice is refused (its primary key) and charges nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payments ADD COLUMN method text NOT NULL DEFAULT 'Card' CHECK (method IN ('Card', 'ApplePay', 'GooglePay'))`.execute(
    db,
  );
  await sql`CREATE TABLE wallet_tokens (
    token_id text PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id),
    payment_id uuid NOT NULL,
    used_at timestamptz NOT NULL
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE wallet_tokens`.execute(db);
  await sql`ALTER TABLE payments DROP COLUMN method`.execute(db);
}
