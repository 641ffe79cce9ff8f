import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import type { Clock } from '../../clock';
import type { Alongside, Ledger, Posted, Posting, Trx } from '../wallet/ledger';
import { AppError } from '../../errors';
import type { ExclusionKind, UserStatus, VerificationStatus } from '../users/tables';
import type { BetStatus, WalletCallKind } from './tables';
import { requestHash } from '../idempotency/service';
import { walletError } from './errors';
import { blockedFromBetting, sessionLive } from './standing';
import type { BalanceRequest, WalletBatchOutcome, CreditRequest, DebitRequest, FreeBetsRequest, FreeBetsResponse, RollbackRequest, WalletBalanceResponse, WalletMoneyResponse } from '../../../src/contract/games';
import type { FreeBetsService } from '../free-bets/service';

export const STAKE_REFERENCE = 'Sportsbook bet';
export const RETURNS_REFERENCE = 'Sportsbook returns';
export const REFUND_REFERENCE = 'Sportsbook bet cancelled';

interface PlayerColumns {
  user_id: number | null;
  status: UserStatus;
  verification_status: VerificationStatus;
  locked_out: boolean;
  exclusion_kind: ExclusionKind | null;
  exclusion_until: Date | null;
  exclusion_permanent: boolean;
}

interface Claimed {
  claimed: boolean;
  bet_user_id: number | null;
  bet_status: BetStatus | null;
}

/** Rides along a posting (Ledger): stores the call's answer, the posting's balance and row, once `bet` took it. */
const answeredFromPosting = (transactionId: string) => ({
  name: 'answered',
  statement: sql`
    UPDATE wallet_calls SET answer = jsonb_build_object('balance', posted.balance_out, 'walletTransactionId', posted.id), ledger_transaction_id = posted.id
    FROM bet, posted WHERE wallet_calls.transaction_id = ${transactionId}
    RETURNING wallet_calls.transaction_id`,
});

/**
 * The seamless wallet API's money calls (DESIGN.md, "Seamless wallet API"). Each call is one database transaction:
 * its wallet-call record, its ledger posting and the bet's record commit together or not at all.
 *
 * Idempotency: the call's row is claimed first (INSERT ... ON CONFLICT DO NOTHING on the sportsbook's transaction id),
 * so a concurrent duplicate waits on the uncommitted claim, then finds it and replays the stored answer: money moves
 * once. A refused call rolls its claim back with it, so only answers that happened are replayed.
 *
 * Lock order, the same in every call so none deadlocks: wallet-call rows (the call's own claim, then a rollback's
 * original), then the wallet (the posting), then the bet's row. Account deletion takes the wallet, then reads bets.
 */
export class GamesWalletService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly clock: Clock,
    /** Free-bet tokens, for a debit with freeBetId and its rollback. */
    private readonly freeBets?: FreeBetsService,
  ) {}

  /** The balance for a live sportsbook session; one round trip. */
  async balance(request: BalanceRequest): Promise<WalletBalanceResponse> {
    const result = await sql<PlayerColumns & { revoked_at: Date | null; family_expires_at: Date | null; balance: number | null; currency: string | null }>`
      SELECT u.id AS user_id, u.status, u.verification_status, u.locked_out, u.exclusion_kind, u.exclusion_until, u.exclusion_permanent,
        f.revoked_at, f.expires_at AS family_expires_at, w.balance, w.currency
      FROM (VALUES (1)) AS one (x)
      LEFT JOIN users u ON u.id = ${request.playerId}
      LEFT JOIN game_sessions s ON s.id = ${request.sessionId} AND s.user_id = u.id
      LEFT JOIN refresh_families f ON f.id = s.family_id
      LEFT JOIN wallets w ON w.user_id = u.id`.execute(this.db);
    const row = result.rows[0]!;
    if (row.user_id === null) throw walletError('UnknownPlayer');
    if (!sessionLive(row, this.clock.now()) || row.balance === null) throw walletError('SessionExpired');
    return { balance: row.balance, currency: row.currency! };
  }

  /** A stake: needs a live session, a customer under no block, an open (or new) bet and the funds. */
  async debit(request: DebitRequest): Promise<WalletMoneyResponse> {
    const now = this.clock.now();
    const fingerprint = requestHash('wallet debit', request);
    // A free-bet stake is the token, not cash: no Stake posting, and the call records 0 cash for its rollback.
    const cash = request.freeBetId ? 0 : request.amount;
    return this.ledger.transaction(async (trx, post) => {
      const result = await sql<Claimed & PlayerColumns & { revoked_at: Date | null; family_expires_at: Date | null }>`
        WITH claim AS (
          INSERT INTO wallet_calls (transaction_id, kind, fingerprint, user_id, bet_id, amount, free_bet_id, created_at)
          VALUES (${request.transactionId}, 'debit', ${fingerprint}, ${request.playerId}, ${request.betId}, ${cash}, ${request.freeBetId ?? null}, ${now})
          ON CONFLICT (transaction_id) DO NOTHING
          RETURNING transaction_id
        )
        SELECT EXISTS (SELECT 1 FROM claim) AS claimed,
          u.id AS user_id, u.status, u.verification_status, u.locked_out, u.exclusion_kind, u.exclusion_until, u.exclusion_permanent,
          f.revoked_at, f.expires_at AS family_expires_at, b.user_id AS bet_user_id, b.status AS bet_status
        FROM (VALUES (1)) AS one (x)
        LEFT JOIN users u ON u.id = ${request.playerId}
        LEFT JOIN game_sessions s ON s.id = ${request.sessionId} AND s.user_id = u.id
        LEFT JOIN refresh_families f ON f.id = s.family_id
        LEFT JOIN bets b ON b.bet_id = ${request.betId}`.execute(trx);
      const row = result.rows[0]!;
      if (!row.claimed) return this.replay(trx, 'debit', request.transactionId, fingerprint);
      if (row.user_id === null) throw walletError('UnknownPlayer');
      if (blockedFromBetting(row, now)) throw walletError('PlayerBlocked');
      if (!sessionLive(row, now)) throw walletError('SessionExpired');
      this.assertBetOpen(row, request.playerId);
      if (request.freeBetId) return this.debitFreeBet(trx, request, request.freeBetId, now);
      // The bet's row is locked after the wallet; the guard refuses a bet closed (or another player's) since the read
      // above. Posting, bet and answer are one statement.
      const posted = await post(
        {
          userId: request.playerId,
          amount: -request.amount,
          kind: 'Stake',
          vertical: 'sportsbook',
          reference: request.description || STAKE_REFERENCE,
          betId: request.betId,
          iqsTransactionId: request.transactionId,
        },
        [
          {
            name: 'bet',
            statement: sql`
              INSERT INTO bets (bet_id, user_id, vertical, staked, status, placed_at, updated_at)
              SELECT ${request.betId}::text, ${request.playerId}::int, 'sportsbook', ${request.amount}::bigint, 'open', ${now}::timestamptz, ${now}::timestamptz FROM posted
              ON CONFLICT (bet_id) DO UPDATE SET staked = bets.staked + EXCLUDED.staked, updated_at = EXCLUDED.updated_at
              WHERE bets.status = 'open' AND bets.user_id = EXCLUDED.user_id
              RETURNING bet_id`,
          },
          answeredFromPosting(request.transactionId),
        ],
      );
      if (posted.alongsideRows === 0) throw walletError('BetClosed');
      return { balance: posted.balanceOut, walletTransactionId: posted.transactionId };
    });
  }

  /** Returns on a bet of this player: no session needed (bets settle after logout, and during a block). */
  async credit(request: CreditRequest): Promise<WalletMoneyResponse> {
    return this.ledger.transaction((trx, post) => this.creditIn(trx, post, request));
  }

  /**
   * Many credits (settlement's), each with the single call's rules and idempotency. Distinct new credits on open
   * bets go through at once, set-based in one transaction (a handful of statements for the lot, wallets locked in
   * user order); a batch with anything else in it (a repeat, a refusal, a bet named twice), or that the database
   * gives up on, leaves nothing of that transaction and runs each credit alone instead.
   */
  async creditMany(requests: readonly CreditRequest[]): Promise<WalletBatchOutcome[]> {
    const distinct = (key: 'betId' | 'transactionId') => new Set(requests.map((request) => request[key])).size === requests.length;
    if (distinct('betId') && distinct('transactionId')) {
      try {
        const answers = await this.creditAllAtOnce(requests);
        return requests.map((request, index) => ({ transactionId: request.transactionId, answer: answers[index]! }));
      } catch {
        // Each alone below decides every credit as the single call would.
      }
    }
    return eachAlone(requests, (request) => this.credit(request));
  }

  /** Many debits (the stakes of bets placed at one moment), each with the single call's rules and idempotency. */
  async debitMany(requests: readonly DebitRequest[]): Promise<WalletBatchOutcome[]> {
    return eachAlone(requests, (request) => this.debit(request));
  }

  /** The set-based path of creditMany; throws (moving nothing) unless every credit is new and payable. */
  private async creditAllAtOnce(requests: readonly CreditRequest[]): Promise<WalletMoneyResponse[]> {
    const now = this.clock.now();
    const column = <K extends keyof CreditRequest>(key: K) => requests.map((request) => request[key]);
    return this.ledger.transaction(async (trx, _post, postCredits) => {
      const claimed = await sql<{ payable: boolean }>`
        WITH input AS (
          SELECT * FROM unnest(${column('transactionId')}::text[], ${requests.map((request) => requestHash('wallet credit', request))}::text[], ${column('playerId')}::int[],
            ${column('betId')}::text[], ${column('amount')}::bigint[]) WITH ORDINALITY AS i (transaction_id, fingerprint, user_id, bet_id, amount, ord)
        ),
        claim AS (
          INSERT INTO wallet_calls (transaction_id, kind, fingerprint, user_id, bet_id, amount, created_at)
          SELECT transaction_id, 'credit', fingerprint, user_id, bet_id, amount, ${now} FROM input ORDER BY ord
          ON CONFLICT (transaction_id) DO NOTHING
          RETURNING transaction_id
        )
        SELECT (c.transaction_id IS NOT NULL AND u.id IS NOT NULL AND b.user_id = i.user_id AND b.status = 'open') AS payable
        FROM input i LEFT JOIN claim c ON c.transaction_id = i.transaction_id LEFT JOIN users u ON u.id = i.user_id LEFT JOIN bets b ON b.bet_id = i.bet_id`.execute(trx);
      if (claimed.rows.length !== requests.length || !claimed.rows.every((row) => row.payable)) throw new Error('not every credit is new and payable');
      const users = [...new Set(column('playerId'))].sort((a, b) => a - b);
      const wallets = await sql<{ user_id: number; balance: number }>`
        SELECT user_id, balance FROM wallets WHERE user_id = ANY(${users}::int[]) ORDER BY user_id FOR UPDATE`.execute(trx);
      const balance = new Map(wallets.rows.map((row) => [row.user_id, row.balance]));
      if (balance.size !== users.length) throw new Error('a wallet is missing');
      const paying = requests.filter((request) => request.amount > 0);
      const posted = await postCredits(
        paying.map(returnsPosting),
      );
      const postedFor = new Map(paying.map((request, index) => [request, posted[index]!]));
      // Each answer as the single call would have given it in this order: the balance after it.
      const answers = requests.map((request): WalletMoneyResponse => {
        const posting = postedFor.get(request);
        if (posting) balance.set(request.playerId, posting.balanceOut);
        return { balance: balance.get(request.playerId)!, walletTransactionId: posting?.transactionId ?? null };
      });
      const stored = await sql`
        WITH a AS (
          SELECT * FROM unnest(${column('transactionId')}::text[], ${column('betId')}::text[], ${column('amount')}::bigint[], ${column('closesBet')}::boolean[],
            ${answers.map((answer) => JSON.stringify(answer))}::text[], ${answers.map((answer) => answer.walletTransactionId)}::bigint[]) AS a (transaction_id, bet_id, amount, closes, answer, ledger_id)
        ),
        bet AS (
          UPDATE bets b SET returned = b.returned + a.amount, updated_at = ${now},
            status = CASE WHEN a.closes THEN 'closed' ELSE b.status END,
            closed_at = CASE WHEN a.closes THEN ${now}::timestamptz ELSE b.closed_at END
          FROM a WHERE b.bet_id = a.bet_id AND b.status = 'open'
          RETURNING b.bet_id
        )
        UPDATE wallet_calls SET answer = a.answer::jsonb, ledger_transaction_id = a.ledger_id
        FROM a JOIN bet ON bet.bet_id = a.bet_id WHERE wallet_calls.transaction_id = a.transaction_id
        RETURNING wallet_calls.transaction_id`.execute(trx);
      if (stored.rows.length !== requests.length) throw new Error('a bet closed meanwhile');
      return answers;
    });
  }

  private async creditIn(trx: Trx, post: (posting: Posting, alongside?: Alongside) => Promise<Posted>, request: CreditRequest): Promise<WalletMoneyResponse> {
    const now = this.clock.now();
    const fingerprint = requestHash('wallet credit', request);
    const row = await this.claim(trx, 'credit', request, fingerprint, request.amount, null);
    if (!row.claimed) return this.replay(trx, 'credit', request.transactionId, fingerprint);
    if (row.user_id === null) throw walletError('UnknownPlayer');
    if (row.bet_status === null) throw walletError('UnknownBet');
    this.assertBetOpen(row, request.playerId);
    const closing = (guard: RawBuilder<unknown>) => sql`
      UPDATE bets SET returned = returned + ${request.amount}, updated_at = ${now},
        status = CASE WHEN ${request.closesBet}::boolean THEN 'closed' ELSE status END,
        closed_at = CASE WHEN ${request.closesBet}::boolean THEN ${now}::timestamptz ELSE closed_at END
      WHERE bet_id = ${request.betId} AND status = 'open' AND ${guard}
      RETURNING bet_id`;
    if (request.amount > 0) {
      // Posting, bet and answer in one statement.
      const posted = await post(
        returnsPosting(request),
        [{ name: 'bet', statement: closing(sql`EXISTS (SELECT 1 FROM posted)`) }, answeredFromPosting(request.transactionId)],
      );
      if (posted.alongsideRows === 0) throw walletError('BetClosed');
      return { balance: posted.balanceOut, walletTransactionId: posted.transactionId };
    }
    const answer: WalletMoneyResponse = { balance: await this.balanceIn(trx, request.playerId), walletTransactionId: null };
    const stored = await sql`
      WITH bet AS (${closing(sql`true`)})
      UPDATE wallet_calls SET answer = ${JSON.stringify(answer)}::jsonb
      FROM bet WHERE wallet_calls.transaction_id = ${request.transactionId}
      RETURNING wallet_calls.transaction_id`.execute(trx);
    if (stored.rows.length === 0) throw walletError('BetClosed');
    return answer;
  }

  /**
   * Cancels a debit: refunds it once (kind Refund) and closes the bet when nothing stays staked. An original never
   * seen is remembered (a debit row without a fingerprint), so that debit arriving later is refused; a second
   * rollback of one debit answers the balance and moves nothing.
   */
  async rollback(request: RollbackRequest): Promise<WalletMoneyResponse> {
    const now = this.clock.now();
    const fingerprint = requestHash('wallet rollback', request);
    return this.ledger.transaction(async (trx, post) => {
      const row = await this.claim(trx, 'rollback', request, fingerprint, 0, request.originalTransactionId);
      if (!row.claimed) return this.replay(trx, 'rollback', request.transactionId, fingerprint);
      if (row.user_id === null) throw walletError('UnknownPlayer');
      if (row.bet_status !== null && row.bet_user_id !== request.playerId) throw walletError('UnknownBet');
      // Locks the original's row, or creates it as rolled back: a debit racing this rollback queues behind it either way.
      const marked = await sql<{ amount: number; unseen: boolean; free_bet_id: string | null }>`
        INSERT INTO wallet_calls (transaction_id, kind, fingerprint, user_id, bet_id, amount, rolled_back_by, created_at)
        VALUES (${request.originalTransactionId}, 'debit', NULL, ${request.playerId}, ${request.betId}, 0, ${request.transactionId}, ${now})
        ON CONFLICT (transaction_id) DO UPDATE SET rolled_back_by = EXCLUDED.rolled_back_by
        WHERE wallet_calls.kind = 'debit' AND wallet_calls.rolled_back_by IS NULL
          AND wallet_calls.user_id = EXCLUDED.user_id AND wallet_calls.bet_id = EXCLUDED.bet_id
        RETURNING amount, fingerprint IS NULL AS unseen, free_bet_id`.execute(trx);
      const original = marked.rows[0];
      if (!original) await this.assertAlreadyRolledBack(trx, request);
      if (!original || original.unseen) {
        const answer: WalletMoneyResponse = { balance: await this.balanceIn(trx, request.playerId), walletTransactionId: null };
        await sql`UPDATE wallet_calls SET answer = ${JSON.stringify(answer)}::jsonb WHERE transaction_id = ${request.transactionId}`.execute(trx);
        return answer;
      }
      this.assertBetOpen(row, request.playerId);
      if (original.free_bet_id) return this.rollbackFreeBet(trx, request, original.free_bet_id, now);
      const posted = await post({
        userId: request.playerId,
        amount: original.amount,
        kind: 'Refund',
        vertical: 'sportsbook',
        reference: REFUND_REFERENCE,
        betId: request.betId,
        iqsTransactionId: request.transactionId,
      });
      const answer: WalletMoneyResponse = { balance: posted.balanceOut, walletTransactionId: posted.transactionId };
      const stored = await sql`
        WITH bet AS (
          UPDATE bets SET refunded = refunded + ${original.amount}, updated_at = ${now},
            status = CASE WHEN staked = refunded + ${original.amount} THEN 'closed' ELSE status END,
            closed_at = CASE WHEN staked = refunded + ${original.amount} THEN ${now}::timestamptz ELSE closed_at END
          WHERE bet_id = ${request.betId} AND status = 'open'
          RETURNING bet_id
        )
        UPDATE wallet_calls SET answer = ${JSON.stringify(answer)}::jsonb, ledger_transaction_id = ${posted.transactionId}, amount = ${original.amount}
        FROM bet WHERE wallet_calls.transaction_id = ${request.transactionId}
        RETURNING wallet_calls.transaction_id`.execute(trx);
      if (stored.rows.length === 0) throw walletError('BetClosed');
      return answer;
    });
  }

  /**
   * A debit staked with a free-bet token: the token is used (or the call refused FreeBetUnavailable, rolling its claim
   * back), no cash is posted, and the bet's record opens with nothing staked in cash and the token's amount beside it.
   */
  private async debitFreeBet(trx: Trx, request: DebitRequest, freeBetId: string, now: Date): Promise<WalletMoneyResponse> {
    if (!this.freeBets) throw walletError('FreeBetUnavailable');
    await this.freeBets.use(trx, { freeBetId, playerId: request.playerId, amount: request.amount, betId: request.betId });
    const answer: WalletMoneyResponse = { balance: await this.balanceIn(trx, request.playerId), walletTransactionId: null };
    const stored = await sql`
      WITH bet AS (
        INSERT INTO bets (bet_id, user_id, vertical, staked, free_bet_id, free_bet_stake, status, placed_at, updated_at)
        VALUES (${request.betId}, ${request.playerId}, 'sportsbook', 0, ${freeBetId}, ${request.amount}, 'open', ${now}, ${now})
        ON CONFLICT (bet_id) DO NOTHING
        RETURNING bet_id
      )
      UPDATE wallet_calls SET answer = ${JSON.stringify(answer)}::jsonb
      FROM bet WHERE wallet_calls.transaction_id = ${request.transactionId}
      RETURNING wallet_calls.transaction_id`.execute(trx);
    // A free bet is one debit on a new bet: a bet id already known cannot take a token.
    if (stored.rows.length === 0) throw walletError('BetClosed');
    return answer;
  }

  /** The rollback of a free-bet debit: the token goes back to the customer and the bet closes; no cash moves. */
  private async rollbackFreeBet(trx: Trx, request: RollbackRequest, freeBetId: string, now: Date): Promise<WalletMoneyResponse> {
    await this.freeBets?.giveBack(trx, freeBetId);
    const answer: WalletMoneyResponse = { balance: await this.balanceIn(trx, request.playerId), walletTransactionId: null };
    await sql`UPDATE bets SET status = 'closed', closed_at = ${now}, updated_at = ${now} WHERE bet_id = ${request.betId} AND status = 'open'`.execute(trx);
    await sql`UPDATE wallet_calls SET answer = ${JSON.stringify(answer)}::jsonb WHERE transaction_id = ${request.transactionId}`.execute(trx);
    return answer;
  }

  /** The customer's usable free-bet tokens, for a live sportsbook session (like balance). */
  async freeBetTokens(request: FreeBetsRequest): Promise<FreeBetsResponse> {
    await this.balance(request);
    return { freeBets: (await this.freeBets?.usable(request.playerId)) ?? [] };
  }

  /** Claims the call's transaction id and reads the player and the bet, in one round trip. */
  private async claim(
    trx: Trx,
    kind: Exclude<WalletCallKind, 'debit'>,
    request: { transactionId: string; playerId: number; betId: string },
    fingerprint: string,
    amount: number,
    originalTransactionId: string | null,
  ): Promise<Claimed & { user_id: number | null }> {
    const result = await sql<Claimed & { user_id: number | null }>`
      WITH claim AS (
        INSERT INTO wallet_calls (transaction_id, kind, fingerprint, user_id, bet_id, amount, original_transaction_id, created_at)
        VALUES (${request.transactionId}, ${kind}, ${fingerprint}, ${request.playerId}, ${request.betId}, ${amount}, ${originalTransactionId}, ${this.clock.now()})
        ON CONFLICT (transaction_id) DO NOTHING
        RETURNING transaction_id
      )
      SELECT EXISTS (SELECT 1 FROM claim) AS claimed, u.id AS user_id, b.user_id AS bet_user_id, b.status AS bet_status
      FROM (VALUES (1)) AS one (x)
      LEFT JOIN users u ON u.id = ${request.playerId}
      LEFT JOIN bets b ON b.bet_id = ${request.betId}`.execute(trx);
    return result.rows[0]!;
  }

  /** The first answer for a transaction id already used, or why there is none. */
  private async replay(trx: Trx, kind: WalletCallKind, transactionId: string, fingerprint: string): Promise<WalletMoneyResponse> {
    const stored = await trx
      .selectFrom('wallet_calls')
      .select(['kind', 'fingerprint', 'answer', 'rolled_back_by'])
      .where('transaction_id', '=', transactionId)
      .executeTakeFirstOrThrow();
    if (kind === 'debit' && stored.kind === 'debit' && (stored.fingerprint === null || stored.rolled_back_by !== null)) throw walletError('TransactionRolledBack');
    if (stored.kind !== kind || stored.fingerprint !== fingerprint) throw walletError('DuplicateTransaction');
    return stored.answer as WalletMoneyResponse;
  }

  /** A bet id the sportsbook names must be this player's, and open. */
  private assertBetOpen(row: Claimed, playerId: number): void {
    if (row.bet_status === null) return;
    if (row.bet_user_id !== playerId) throw walletError('UnknownBet');
    if (row.bet_status !== 'open') throw walletError('BetClosed');
  }

  /** The original is not this player's debit on this bet, unless it was already rolled back: then nothing is left to do. */
  private async assertAlreadyRolledBack(trx: Trx, request: RollbackRequest): Promise<void> {
    const original = await trx
      .selectFrom('wallet_calls')
      .select(['kind', 'user_id', 'bet_id', 'rolled_back_by'])
      .where('transaction_id', '=', request.originalTransactionId)
      .executeTakeFirstOrThrow();
    const same = original.kind === 'debit' && original.user_id === request.playerId && original.bet_id === request.betId;
    if (!same || original.rolled_back_by === null) throw walletError('UnknownBet');
  }

  private async balanceIn(trx: Trx, userId: number): Promise<number> {
    const wallet = await trx.selectFrom('wallets').select('balance').where('user_id', '=', userId).executeTakeFirst();
    if (!wallet) throw walletError('UnknownPlayer');
    return wallet.balance;
  }
}

/** Each call of a batch as if sent alone, in order: its answer, or its refusal in the single call's words. */
async function eachAlone<R extends { transactionId: string }>(requests: readonly R[], call: (request: R) => Promise<WalletMoneyResponse>): Promise<WalletBatchOutcome[]> {
  const outcomes: WalletBatchOutcome[] = [];
  for (const request of requests) {
    try {
      outcomes.push({ transactionId: request.transactionId, answer: await call(request) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.push({ transactionId: request.transactionId, error: { status: error.statusCode, message: error.message, code: error.code } });
    }
  }
  return outcomes;
}

/** The Returns posting of a credit, the same whether it is paid alone or in a batch. */
function returnsPosting(request: CreditRequest): Posting {
  return {
    userId: request.playerId,
    amount: request.amount,
    kind: 'Returns',
    vertical: 'sportsbook',
    reference: request.description || RETURNS_REFERENCE,
    betId: request.betId,
    iqsTransactionId: request.transactionId,
  };
}
