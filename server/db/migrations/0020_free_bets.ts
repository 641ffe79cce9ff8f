import { sql, type Kysely } from 'kysely';

/**
 * Free-bet tokens belong to the PAM: the operator (or a promo code) grants one, the sportsbook uses it through the
 * signed wallet API (debit with freeBetId), a refused bet gives it back (rollback). Its grant, use, return and expiry
 * are recorded on its row; its stake is never the customer's cash, so no Stake posting is made for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE free_bets (
      id uuid PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      amount bigint NOT NULL CHECK (amount > 0),
      source text NOT NULL,
      status text NOT NULL CHECK (status IN ('available', 'used', 'expired')),
      granted_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL CHECK (expires_at > granted_at),
      used_at timestamptz,
      used_bet_id text,
      returned_at timestamptz,
      expired_at timestamptz,
      CHECK ((status = 'used') = (used_bet_id IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX free_bets_user ON free_bets (user_id, status, expires_at)`.execute(db);
  // A promo code may grant a free bet to whoever applies it.
  await sql`ALTER TABLE promotions ADD COLUMN free_bet_amount bigint CHECK (free_bet_amount > 0)`.execute(db);
  await sql`ALTER TABLE promotions ADD COLUMN free_bet_days integer CHECK (free_bet_days > 0)`.execute(db);
  // The wallet call and the bet remember the token, so a rollback gives it back and history tells a free bet apart.
  await sql`ALTER TABLE wallet_calls ADD COLUMN free_bet_id uuid`.execute(db);
  await sql`ALTER TABLE bets ADD COLUMN free_bet_id uuid`.execute(db);
  await sql`ALTER TABLE bets ADD COLUMN free_bet_stake bigint NOT NULL DEFAULT 0 CHECK (free_bet_stake >= 0)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE bets DROP COLUMN free_bet_stake`.execute(db);
  await sql`ALTER TABLE bets DROP COLUMN free_bet_id`.execute(db);
  await sql`ALTER TABLE wallet_calls DROP COLUMN free_bet_id`.execute(db);
  await sql`ALTER TABLE promotions DROP COLUMN free_bet_days`.execute(db);
  await sql`ALTER TABLE promotions DROP COLUMN free_bet_amount`.execute(db);
  await sql`DROP TABLE free_bets`.execute(db);
}
