import type { ColumnType, Generated } from 'kysely';

interface RefreshFamiliesTable {
  id: string;
  user_id: number;
  created_at: ColumnType<Date, Date | string, never>;
  /** A family lives at most 12 hours from sign-in. */
  expires_at: ColumnType<Date, Date | string, never>;
  revoked_at: Date | null;
  revoked_reason: string | null;
}

interface RefreshTokensTable {
  /** SHA-256 of the opaque token: the token itself is never stored. */
  token_hash: string;
  family_id: string;
  created_at: ColumnType<Date, Date | string, never>;
  used_at: Date | null;
}

interface PasswordResetsTable {
  code_hash: string;
  user_id: number;
  created_at: ColumnType<Date, Date | string, never>;
  expires_at: ColumnType<Date, Date | string, never>;
  used_at: Date | null;
}

interface LoginAttemptsTable {
  id: Generated<number>;
  email: string;
  user_id: number | null;
  succeeded: boolean;
  reason: string;
  ip: string;
  user_agent: string | null;
  created_at: ColumnType<Date, Date | string, never>;
}

/** Wrong passwords in a row per e-mail address typed (known or not), and the temporary lock they lead to. */
interface LoginLockoutsTable {
  email: string;
  failures: Generated<number>;
  /** How many locks since the last success: each lasts twice the one before. */
  lockouts: Generated<number>;
  locked_until: Date | null;
  /** Rows quiet for a day, and not locked, are forgotten (purgeStale): unknown addresses must not pile up. */
  last_failure_at: Date;
}

interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: ColumnType<Date, Date | string, never>;
}

/** One customer's authenticator app: the sealed TOTP secret, and the last time step a code was accepted for. */
interface TwoStepTable {
  user_id: number;
  secret_sealed: string;
  /** null while enrolment waits for the first code. */
  enabled_at: Date | null;
  last_step: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date | string, never>;
}

/** SHA-256 of each recovery code (high-entropy, shown once); used once each. */
interface TwoStepRecoveryCodesTable {
  code_hash: string;
  user_id: number;
  used_at: Date | null;
}

export interface AuthTables {
  two_step: TwoStepTable;
  two_step_recovery_codes: TwoStepRecoveryCodesTable;
  refresh_families: RefreshFamiliesTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
  login_attempts: LoginAttemptsTable;
  login_lockouts: LoginLockoutsTable;
  mail_outbox: MailOutboxTable;
}
