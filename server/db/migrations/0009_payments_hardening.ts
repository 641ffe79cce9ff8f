import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Withdrawals go back to the deposit method: a card is named by the provider's fingerprint, which every
  // token of one card number shares.
  await sql`ALTER TABLE payments ADD COLUMN card_fingerprint text`.execute(db);
  await sql`ALTER TABLE saved_cards ADD COLUMN fingerprint text`.execute(db);
  await sql`CREATE INDEX payments_deposit_cards ON payments (user_id, card_fingerprint) WHERE kind = 'Deposit' AND status = 'Completed'`.execute(
    db,
  );
  // A deposit never paid (the card page closed) is Expired after DEPOSIT_OPEN_EXPIRY_MINUTES.
  await sql`ALTER TABLE payments DROP CONSTRAINT payments_status_check`.execute(db);
  await sql`ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN ('Open', 'Completed', 'Failed', 'Rejected', 'Expired'))`.execute(
    db,
  );
  await sql`CREATE INDEX payments_open_deposits ON payments (created_at) WHERE status = 'Open' AND kind = 'Deposit'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX payments_open_deposits`.execute(db);
  await sql`ALTER TABLE payments DROP CONSTRAINT payments_status_check`.execute(db);
  await sql`ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN ('Open', 'Completed', 'Failed', 'Rejected'))`.execute(
    db,
  );
  await sql`DROP INDEX payments_deposit_cards`.execute(db);
  await sql`ALTER TABLE saved_cards DROP COLUMN fingerprint`.execute(db);
  await sql`ALTER TABLE payments DROP COLUMN card_fingerprint`.execute(db);
}
