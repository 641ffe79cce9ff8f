import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id integer GENERATED ALWAYS AS IDENTITY (START WITH 100001) PRIMARY KEY,
      email text NOT NULL,
      password_hash text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      date_of_birth date NOT NULL,
      gender text NOT NULL DEFAULT 'Male',
      phone text NOT NULL,
      address1 text NOT NULL DEFAULT '',
      address2 text NOT NULL DEFAULT '',
      address_city text NOT NULL DEFAULT '',
      address_post_code text NOT NULL DEFAULT '',
      avatar_url text,
      marketing_email boolean NOT NULL DEFAULT false,
      marketing_phone boolean NOT NULL DEFAULT false,
      marketing_sms boolean NOT NULL DEFAULT false,
      promotion_code text,
      referral_code text,
      click_key text,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'deleted')),
      verification_status text NOT NULL DEFAULT 'pending' CHECK (verification_status IN ('pending', 'passed', 'failed')),
      failed_logins integer NOT NULL DEFAULT 0,
      locked_out boolean NOT NULL DEFAULT false,
      exclusion_kind text CHECK (exclusion_kind IN ('time-out', 'self-exclusion')),
      exclusion_until timestamptz,
      exclusion_permanent boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // Deleted accounts keep their row (records are kept 6 years) but free nothing: their e-mail is erased.
  await sql`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`.execute(db);

  await sql`
    CREATE TABLE refresh_families (
      id uuid PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      revoked_reason text
    )`.execute(db);
  await sql`CREATE INDEX refresh_families_user ON refresh_families (user_id) WHERE revoked_at IS NULL`.execute(db);
  await sql`
    CREATE TABLE refresh_tokens (
      token_hash text PRIMARY KEY,
      family_id uuid NOT NULL REFERENCES refresh_families(id),
      created_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);
  await sql`
    CREATE TABLE password_resets (
      code_hash text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);
  await sql`
    CREATE TABLE login_attempts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      email text NOT NULL,
      user_id integer REFERENCES users(id),
      succeeded boolean NOT NULL,
      reason text NOT NULL,
      ip text NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE mail_outbox (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE wallets (
      user_id integer PRIMARY KEY REFERENCES users(id),
      balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
      currency text NOT NULL DEFAULT 'GBP',
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE transactions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL,
      amount bigint NOT NULL CHECK (amount <> 0),
      balance_out bigint NOT NULL CHECK (balance_out >= 0),
      kind text NOT NULL CHECK (kind IN ('Deposit', 'Withdrawal', 'Stake', 'Returns', 'Refund', 'Adjustment')),
      vertical text NOT NULL CHECK (vertical IN ('sportsbook', 'p2p', 'wallet')),
      reference text NOT NULL,
      bet_id text,
      iqs_transaction_id text,
      payment_id uuid
    )`.execute(db);
  await sql`CREATE INDEX transactions_user_id ON transactions (user_id, id DESC)`.execute(db);
}
