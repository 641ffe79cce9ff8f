import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // One card per customer; only the provider's token and the masked number, never a full PAN or a CVV.
  await sql`
    CREATE TABLE saved_cards (
      user_id integer PRIMARY KEY REFERENCES users(id),
      token text NOT NULL,
      masked_pan text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  // Money is in transactions; a payment row only tracks a card payment's lifecycle. Its status moves
  // out of Open once, by a guarded UPDATE, so a notification delivered twice settles once.
  await sql`
    CREATE TABLE payments (
      id uuid PRIMARY KEY,
      -- Orders payments made within the same instant; ids are random.
      seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
      user_id integer NOT NULL REFERENCES users(id),
      kind text NOT NULL CHECK (kind IN ('Deposit', 'Withdrawal')),
      status text NOT NULL CHECK (status IN ('Open', 'Completed', 'Failed', 'Rejected')),
      amount bigint NOT NULL CHECK (amount > 0),
      store_card boolean NOT NULL DEFAULT false,
      masked_pan text,
      card_token text,
      error text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX payments_user ON payments (user_id, created_at DESC, seq DESC)`.execute(db);
  await sql`CREATE INDEX payments_open ON payments (kind, seq) WHERE status = 'Open'`.execute(db);
  await sql`CREATE INDEX transactions_payment ON transactions (payment_id) WHERE payment_id IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE idempotency_keys (
      user_id integer NOT NULL REFERENCES users(id),
      key text NOT NULL,
      request_hash text NOT NULL,
      status_code integer NOT NULL,
      response jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, key)
    )`.execute(db);
  await sql`CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at)`.execute(db);
  await sql`
    CREATE TABLE provider_notifications (
      id text PRIMARY KEY,
      payment_id uuid NOT NULL,
      status text NOT NULL,
      received_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE provider_notifications`.execute(db);
  await sql`DROP TABLE idempotency_keys`.execute(db);
  await sql`DROP INDEX transactions_payment`.execute(db);
  await sql`DROP TABLE payments`.execute(db);
  await sql`DROP TABLE saved_cards`.execute(db);
}
