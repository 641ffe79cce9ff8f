import { sql, type RawBuilder } from 'kysely';
import type { Trx } from '../wallet/ledger';
import { walletLocksFor } from '../wallet/wallet-lock';
import { AppError } from '../../platform/errors';
import type { VerificationStatus } from '../users/tables';
import type { BetStatus, WalletCallKind } from './tables';
import { walletError } from './errors';
import { blockedFromBetting, sessionLive, type SessionStanding } from './standing';
import type { WalletBatchOutcome, WalletMoneyResponse } from '../../../src/contract/games';

/** A money call as its claim records it: the debit's session and free bet, the rollback's original, where they have one. */
export interface CallClaim {
  transactionId: string;
  fingerprint: string;
  playerId: number;
  betId: string;
  /** Cash pence the call records (a free-bet debit's is 0, a rollback's its original's once known). */
  amount: number;
  sessionId?: string | null;
  freeBetId?: string | null;
  originalTransactionId?: string | null;
}

/** The call stored before under a transaction id, which a repeat replays. */
export interface StoredCall {
  kind: WalletCallKind;
  fingerprint: string | null;
  answer: unknown;
  rolled_back_by: string | null;
}

/** The player (user_id null when unknown) and the session, as the rules read them. */
export interface StandingColumns extends SessionStanding {
  user_id: number | null;
  verification_status: VerificationStatus;
  locked_out: boolean;
}

/** What a call's claim read in the same statement: the player, the session (a debit's), the bet, and any call stored before. */
export interface ClaimedCall extends StandingColumns {
  claimed: boolean;
  bet_user_id: number | null;
  bet_status: BetStatus | null;
  /** What the bet has returned so far, and the most it may (null: no bound, a bet staked before bounds were kept). */
  bet_returned: number | null;
  bet_max_return: number | null;
  /** Present when not claimed and the earlier call had committed before this statement began (else: read it again). */
  stored: StoredCall | null;
}

/**
 * A debit claim's locks, as CTEs over `input` and `claim`: the wallets of the claimed debits (FOR UPDATE, as the posting
 * takes them), then their players' rows (FOR SHARE), each in user order. Both read the claim first (the sorts pull it
 * whole), so claims stay the first locks taken; the players wait for the wallets (a one-time filter on them). `player`
 * is the users rows as locked: a row a block updated meanwhile is read as the block left it.
 */
const debitLocks = sql`,
    claimed_players AS (SELECT i.user_id FROM input i JOIN claim c ON c.transaction_id = i.transaction_id),
    wallet_locks AS MATERIALIZED (
      ${walletLocksFor(sql`SELECT user_id FROM claimed_players`)}
    ),
    player AS MATERIALIZED (
      SELECT u.id, u.status, u.verification_status, u.locked_out, u.exclusion_kind, u.exclusion_until, u.exclusion_permanent FROM users u
      WHERE u.id IN (SELECT user_id FROM claimed_players) AND (SELECT count(*) FROM wallet_locks) >= 0
      ORDER BY u.id FOR SHARE
    )`;

/**
 * Claims each call's transaction id (INSERT ... ON CONFLICT DO NOTHING: a concurrent duplicate waits on the
 * uncommitted claim) and reads what its rules need, in one statement for any number of calls; rows in the order
 * given. Claims are taken in transaction-id order, so two batches sharing ids cannot deadlock on them.
 *
 * A debit's player is read under a lock (FOR SHARE on the users row, for the claimed debits), so a block cannot
 * commit between this check and the stake's posting: every block (suspension, time out, self-exclusion, GAMSTOP,
 * verification, deletion) updates that row, which FOR SHARE conflicts with (FOR KEY SHARE would not: those
 * columns are not keys). A block written first makes the debit wait and then read it (the locked row is the latest
 * version); a debit locked first makes the block wait until its stake has committed. The session's revocation needs
 * no lock of its own: a block's follows its users-row commit, and the rules read the row's block directly.
 * Lock order, as every path that holds both: the wallets (ascending user id), then the users rows (ascending), both
 * after the claims; account deletion takes the wallet, then updates the user.
 */
export async function claimCalls(
  trx: Trx,
  kind: WalletCallKind,
  calls: readonly CallClaim[],
  now: Date,
): Promise<ClaimedCall[]> {
  const column = <K extends keyof CallClaim>(key: K) => calls.map((call) => call[key] ?? null);
  const result = await sql<
    Omit<ClaimedCall, 'stored'> & {
      stored_kind: WalletCallKind | null;
      stored_fingerprint: string | null;
      stored_answer: unknown;
      stored_rolled_back_by: string | null;
    }
  >`
    WITH input AS (
      SELECT * FROM unnest(${column('transactionId')}::text[], ${column('fingerprint')}::text[], ${column('playerId')}::int[], ${column('betId')}::text[], ${column('amount')}::bigint[],
        ${column('sessionId')}::text[], ${column('freeBetId')}::uuid[], ${column('originalTransactionId')}::text[])
        WITH ORDINALITY AS i (transaction_id, fingerprint, user_id, bet_id, amount, session_id, free_bet_id, original_transaction_id, ord)
    ),
    claim AS (
      INSERT INTO wallet_calls (transaction_id, kind, fingerprint, user_id, bet_id, amount, free_bet_id, original_transaction_id, created_at)
      SELECT transaction_id, ${kind}, fingerprint, user_id, bet_id, amount, free_bet_id, original_transaction_id, ${now}::timestamptz FROM input ORDER BY transaction_id
      ON CONFLICT (transaction_id) DO NOTHING
      RETURNING transaction_id
    )${kind === 'debit' ? debitLocks : sql``}
    SELECT c.transaction_id IS NOT NULL AS claimed,
      u.id AS user_id, u.status, u.verification_status, u.locked_out, u.exclusion_kind, u.exclusion_until, u.exclusion_permanent,
      f.revoked_at, f.expires_at AS family_expires_at, b.user_id AS bet_user_id, b.status AS bet_status,
      b.returned AS bet_returned, b.max_return AS bet_max_return,
      k.kind AS stored_kind, k.fingerprint AS stored_fingerprint, k.answer AS stored_answer, k.rolled_back_by AS stored_rolled_back_by
    FROM input i
    LEFT JOIN claim c ON c.transaction_id = i.transaction_id
    LEFT JOIN ${kind === 'debit' ? sql`player u ON u.id = i.user_id AND c.transaction_id IS NOT NULL` : sql`users u ON u.id = i.user_id`}
    LEFT JOIN game_sessions s ON s.id = i.session_id AND s.user_id = u.id AND s.game = 'iqs'
    LEFT JOIN refresh_families f ON f.id = s.family_id
    LEFT JOIN bets b ON b.bet_id = i.bet_id
    LEFT JOIN wallet_calls k ON c.transaction_id IS NULL AND k.transaction_id = i.transaction_id
    ORDER BY i.ord`.execute(trx);
  return result.rows.map(({ stored_kind, stored_fingerprint, stored_answer, stored_rolled_back_by, ...row }) => ({
    ...row,
    stored:
      stored_kind === null
        ? null
        : {
            kind: stored_kind,
            fingerprint: stored_fingerprint,
            answer: stored_answer,
            rolled_back_by: stored_rolled_back_by,
          },
  }));
}

/** The first answer for a transaction id already used, or why there is none. */
export function replayed(kind: WalletCallKind, stored: StoredCall, fingerprint: string): WalletMoneyResponse {
  if (kind === 'debit' && stored.kind === 'debit' && (stored.fingerprint === null || stored.rolled_back_by !== null))
    throw walletError('TransactionRolledBack');
  if (stored.kind !== kind || stored.fingerprint !== fingerprint) throw walletError('DuplicateTransaction');
  return stored.answer as WalletMoneyResponse;
}

/** A bet id the sportsbook names must be this player's, and open (or not known yet). */
export function betRefusal(row: ClaimedCall, playerId: number): AppError | undefined {
  if (row.bet_status === null) return undefined;
  if (row.bet_user_id !== playerId) return walletError('UnknownBet');
  if (row.bet_status !== 'open') return walletError('BetClosed');
  return undefined;
}

/** Why a new debit is refused before any money is looked at: a stake needs the player, under no block, in a live session, on an open (or new) bet. */
export function debitRefusal(row: ClaimedCall, playerId: number, now: Date): AppError | undefined {
  if (row.user_id === null) return walletError('UnknownPlayer');
  if (blockedFromBetting(row, now)) return walletError('PlayerBlocked');
  if (!sessionLive(row, now)) return walletError('SessionExpired');
  return betRefusal(row, playerId);
}

/**
 * Why a new credit is refused: returns need the player and a known open bet of theirs (no session: bets settle after
 * logout), and may not take the bet's returns beyond the most its stakes said it can return.
 */
export function creditRefusal(row: ClaimedCall, credit: { playerId: number; amount: number }): AppError | undefined {
  if (row.user_id === null) return walletError('UnknownPlayer');
  if (row.bet_status === null) return walletError('UnknownBet');
  const refusal = betRefusal(row, credit.playerId);
  if (refusal) return refusal;
  if (row.bet_max_return !== null && Number(row.bet_returned) + credit.amount > Number(row.bet_max_return))
    return walletError('CreditExceedsMaxReturn');
  return undefined;
}

/** A money call as the bet statements below read it: a debit's maxReturn, a credit's closesBet. */
export interface BetCall {
  betId: string;
  playerId: number;
  amount: number;
  closesBet?: boolean;
  maxReturn?: number;
}

/** One call as the row the bet statements below read (bet_id, user_id, amount, closes, max_return); `from` may gate it on `posted`. */
export const oneCall = (call: BetCall, from: RawBuilder<unknown> = sql``) =>
  sql`(SELECT ${call.betId}::text AS bet_id, ${call.playerId}::int AS user_id, ${call.amount}::bigint AS amount, ${call.closesBet ?? false}::boolean AS closes, ${call.maxReturn ?? null}::bigint AS max_return ${from})`;

/**
 * A stake opens its bet, or adds to it (and to its maximum return) when it is an open cash bet of the same player;
 * over `calls` (bet_id, user_id, amount, max_return). A free bet's stake is its token alone: cash added to it would be
 * settled as the token's, winnings only.
 */
export const stakeOnBet = (calls: RawBuilder<unknown>, now: Date) => sql`
  INSERT INTO bets (bet_id, user_id, vertical, staked, max_return, status, placed_at, updated_at)
  SELECT c.bet_id, c.user_id, 'sportsbook', c.amount, c.max_return, 'open', ${now}::timestamptz, ${now}::timestamptz FROM ${calls} c
  ON CONFLICT (bet_id) DO UPDATE SET staked = bets.staked + EXCLUDED.staked, max_return = bets.max_return + EXCLUDED.max_return,
    updated_at = EXCLUDED.updated_at
  WHERE bets.status = 'open' AND bets.user_id = EXCLUDED.user_id AND bets.free_bet_id IS NULL
  RETURNING bet_id`;

/**
 * Returns on an open bet within its maximum return, closing it when the call says so; over `calls` (bet_id, amount,
 * closes). The guard is checked under the bet's row lock, so two credits racing cannot both pass it.
 */
export const returnsOnBet = (calls: RawBuilder<unknown>, now: Date) => sql`
  UPDATE bets b SET returned = b.returned + c.amount, updated_at = ${now}::timestamptz,
    status = CASE WHEN c.closes THEN 'closed' ELSE b.status END,
    closed_at = CASE WHEN c.closes THEN ${now}::timestamptz ELSE b.closed_at END
  FROM ${calls} c WHERE b.bet_id = c.bet_id AND b.status = 'open' AND (b.max_return IS NULL OR b.returned + c.amount <= b.max_return)
  RETURNING b.bet_id`;

export interface Answered {
  call: BetCall & { transactionId: string };
  answer: WalletMoneyResponse;
}

/**
 * Ends a batch's transaction in one statement: each answered call's bet takes it (`bet`: stakeOnBet or returnsOnBet over
 * the calls) and its answer is stored; the claims of the calls the batch refused or left to go alone are let go, as a
 * refused single call's roll back. Throws (rolling the batch back) unless every answered call's bet took it.
 */
export async function storeAnswers(
  trx: Trx,
  answered: readonly Answered[],
  bet: (calls: RawBuilder<unknown>) => RawBuilder<unknown>,
  released: readonly string[],
): Promise<void> {
  const column = <K extends keyof Answered['call']>(key: K) => answered.map(({ call }) => call[key] ?? null);
  const result = await sql<{ stored: number }>`
    WITH a AS (
      SELECT * FROM unnest(${column('transactionId')}::text[], ${column('betId')}::text[], ${column('playerId')}::int[], ${column('amount')}::bigint[],
        ${answered.map(({ call }) => call.closesBet ?? false)}::boolean[], ${answered.map(({ answer }) => JSON.stringify(answer))}::text[],
        ${answered.map(({ answer }) => answer.walletTransactionId)}::bigint[], ${column('maxReturn')}::bigint[])
        AS a (transaction_id, bet_id, user_id, amount, closes, answer, ledger_id, max_return)
    ),
    released AS (DELETE FROM wallet_calls WHERE transaction_id = ANY(${released}::text[]) RETURNING transaction_id),
    bet AS (${bet(sql`a`)}),
    stored AS (
      UPDATE wallet_calls SET answer = a.answer::jsonb, ledger_transaction_id = a.ledger_id
      FROM a JOIN bet ON bet.bet_id = a.bet_id WHERE wallet_calls.transaction_id = a.transaction_id
      RETURNING wallet_calls.transaction_id
    )
    SELECT (SELECT count(*) FROM stored)::int AS stored`.execute(trx);
  if (result.rows[0]!.stored !== answered.length) throw new Error('a bet of the batch was taken meanwhile');
}

/** A call's outcome in a batch: its answer, or its refusal in the single call's words. */
export async function outcomeOf(
  transactionId: string,
  answer: () => WalletMoneyResponse | Promise<WalletMoneyResponse>,
): Promise<WalletBatchOutcome> {
  try {
    return { transactionId, answer: await answer() };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refusedOutcome(transactionId, error);
  }
}

export const refusedOutcome = (transactionId: string, error: AppError): WalletBatchOutcome => ({
  transactionId,
  error: { status: error.statusCode, message: error.message, code: error.code },
});

/** Each call of a batch not `decided` already, as if sent alone, in order. */
export async function eachAlone<R extends { transactionId: string }>(
  requests: readonly R[],
  call: (request: R) => Promise<WalletMoneyResponse>,
  decided: ReadonlyArray<WalletBatchOutcome | undefined> = [],
): Promise<WalletBatchOutcome[]> {
  const outcomes: WalletBatchOutcome[] = [];
  for (const [index, request] of requests.entries())
    outcomes.push(decided[index] ?? (await outcomeOf(request.transactionId, () => call(request))));
  return outcomes;
}
