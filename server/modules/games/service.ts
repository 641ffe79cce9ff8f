import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { Alongside, Ledger, Posted, Posting, Trx } from '../wallet/ledger';
import { lockWallets } from '../wallet/wallet-lock';
import type { WalletCallKind } from './tables';
import { requestHash } from '../idempotency/service';
import { walletError } from './errors';
import { sessionLive } from './standing';
import {
  betRefusal,
  claimCalls,
  creditRefusal,
  debitRefusal,
  eachAlone,
  oneCall,
  outcomeOf,
  refusedOutcome,
  replayed,
  returnsOnBet,
  stakeOnBet,
  storeAnswers,
  type Answered,
  type ClaimedCall,
  type StandingColumns,
} from './calls';
import type {
  BalanceRequest,
  WalletBatchOutcome,
  CreditRequest,
  DebitRequest,
  FreeBetsRequest,
  FreeBetsResponse,
  RollbackRequest,
  WalletBalanceResponse,
  WalletMoneyResponse,
} from '../../../src/contract/games';
import type { FreeBetsService } from '../free-bets/service';

export const STAKE_REFERENCE = 'Sportsbook bet';
export const RETURNS_REFERENCE = 'Sportsbook returns';
export const REFUND_REFERENCE = 'Sportsbook bet cancelled';

/** Rides along a posting (Ledger): stores the call's answer, the posting's balance and row, once `bet` took it. */
const answeredFromPosting = (transactionId: string) => ({
  name: 'answered',
  statement: sql`
    UPDATE wallet_calls SET answer = jsonb_build_object('balance', posted.balance_out, 'walletTransactionId', posted.id), ledger_transaction_id = posted.id
    FROM bet, posted WHERE wallet_calls.transaction_id = ${transactionId}
    RETURNING wallet_calls.transaction_id`,
});

/**
 * The seamless wallet API's money calls (docs/architecture.md, "The wallet doors"). Each call is one database
 * transaction: its wallet-call record, its ledger posting and the bet's record commit together or not at all.
 *
 * Idempotency: the call's row is claimed first (INSERT ... ON CONFLICT DO NOTHING on the sportsbook's transaction id),
 * so a concurrent duplicate waits on the uncommitted claim, then finds it and replays the stored answer: money moves
 * once. A refused call rolls its claim back with it, so only answers that happened are replayed.
 *
 * Lock order, the same in every call so none deadlocks: wallet-call rows (the call's own claim, then a rollback's
 * original), then the wallet (the posting; a debit's claim takes it already), then a debit's player row (FOR SHARE, so
 * no block commits between a debit's check and its stake: claimCalls), then the bet's row. Batches take each kind in
 * user order. Account deletion takes the wallet, then reads bets and updates the user; blocks take only the user.
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
    const result = await sql<StandingColumns & { balance: number | null; currency: string | null }>`
      SELECT u.id AS user_id, u.status, u.verification_status, u.locked_out, u.exclusion_kind, u.exclusion_until, u.exclusion_permanent,
        f.revoked_at, f.expires_at AS family_expires_at, w.balance, w.currency
      FROM (VALUES (1)) AS one (x)
      LEFT JOIN users u ON u.id = ${request.playerId}
      LEFT JOIN game_sessions s ON s.id = ${request.sessionId} AND s.user_id = u.id AND s.game = 'iqs'
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
    return this.ledger.transaction(async (trx, post) => {
      // The player is read locked: a block waits for this stake, or this debit reads the block (claimCalls).
      const [row] = await claimCalls(trx, 'debit', [debitClaim(request, fingerprint)], now);
      if (!row!.claimed) return this.replay(trx, 'debit', request.transactionId, fingerprint, row!);
      const refusal = debitRefusal(row!, request.playerId, now);
      if (refusal) throw refusal;
      if (request.freeBetId) return this.debitFreeBet(trx, request, request.freeBetId, now);
      // The bet's row is locked after the wallet; the guard refuses a bet closed (or another player's) since the read
      // above. Posting, bet and answer are one statement.
      const posted = await post(stakePosting(request), [
        { name: 'bet', statement: stakeOnBet(oneCall(request, sql`FROM posted`), now) },
        answeredFromPosting(request.transactionId),
      ]);
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
    const distinct = (key: 'betId' | 'transactionId') =>
      new Set(requests.map((request) => request[key])).size === requests.length;
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

  /**
   * Many debits (the stakes of bets placed at one moment), each with the single call's rules and idempotency, and
   * answered as if sent one by one in the order given. One transaction decides most of them in three statements
   * (debitsAtOnce): repeats replay, refusals are refused, and new cash stakes are posted together. What it leaves (a
   * free bet, a transaction id twice in the batch, a bet's second stake, a wallet short of its stakes' sum), and
   * everything if the database gives up on it, then runs alone, in order.
   */
  async debitMany(requests: readonly DebitRequest[]): Promise<WalletBatchOutcome[]> {
    let decided: Array<WalletBatchOutcome | undefined> = [];
    try {
      decided = await this.debitsAtOnce(requests);
    } catch {
      // Nothing of that transaction stands: each alone below decides every debit as the single call would.
    }
    return eachAlone(requests, (request) => this.debit(request), decided);
  }

  /**
   * The set-based part of debitMany: the outcomes it decided, by index. A refused debit moves nothing, so the stakes
   * posted around it answer the same balances as one by one; but a debit left to go alone may move money (or answer
   * the balance), so its player's later debits go alone after it.
   */
  private async debitsAtOnce(requests: readonly DebitRequest[]): Promise<Array<WalletBatchOutcome | undefined>> {
    const now = this.clock.now();
    const outcomes: Array<WalletBatchOutcome | undefined> = [];
    const firstAlone = new Map<number, number>();
    const goesAlone = (index: number) => {
      const playerId = requests[index]!.playerId;
      firstAlone.set(playerId, Math.min(index, firstAlone.get(playerId) ?? index));
    };
    const uses = new Map<string, number>();
    for (const { transactionId } of requests) uses.set(transactionId, (uses.get(transactionId) ?? 0) + 1);
    // A transaction id sent twice is one debit and its repeat: both go alone, in order.
    const sent = requests.flatMap((request, index) => {
      if (uses.get(request.transactionId) === 1)
        return [{ request, index, fingerprint: requestHash('wallet debit', request) }];
      goesAlone(index);
      return [];
    });
    if (sent.length === 0) return outcomes;
    return this.ledger.transaction(async (trx, _post, postMany) => {
      const rows = await claimCalls(
        trx,
        'debit',
        sent.map(({ request, fingerprint }) => debitClaim(request, fingerprint)),
        now,
      );
      const claimed: string[] = [];
      const clean: typeof sent = [];
      const betsStaked = new Set<string>();
      for (const [k, item] of sent.entries()) {
        const { request, index, fingerprint } = item;
        const row = rows[k]!;
        // A claim committed after this statement began is not read here: that repeat replays alone.
        if (!row.claimed) {
          if (row.stored)
            outcomes[index] = await outcomeOf(request.transactionId, () => replayed('debit', row.stored!, fingerprint));
          continue;
        }
        claimed.push(request.transactionId);
        const refusal = debitRefusal(row, request.playerId, now);
        if (refusal) outcomes[index] = refusedOutcome(request.transactionId, refusal);
        // A free bet is the token, not cash; a second stake on one bet adds to the first's: each in its turn, alone.
        else if (request.freeBetId || betsStaked.has(request.betId)) goesAlone(index);
        else {
          betsStaked.add(request.betId);
          clean.push(item);
        }
      }
      const staking = clean.filter(({ request, index }) => index < (firstAlone.get(request.playerId) ?? Infinity));
      const posted = await postMany(staking.map(({ request }) => stakePosting(request)));
      const answered: Answered[] = [];
      for (const [k, { request, index }] of staking.entries()) {
        const posting = posted[k];
        if (!posting) continue; // The wallet is short of its stakes' sum: they go alone, each refused or taken in turn.
        const answer = { balance: posting.balanceOut, walletTransactionId: posting.transactionId };
        answered.push({ call: request, answer });
        outcomes[index] = { transactionId: request.transactionId, answer };
      }
      const taken = new Set(answered.map(({ call }) => call.transactionId));
      await storeAnswers(
        trx,
        answered,
        (calls) => stakeOnBet(calls, now),
        claimed.filter((transactionId) => !taken.has(transactionId)),
      );
      return outcomes;
    });
  }

  /** The set-based path of creditMany; throws (moving nothing) unless every credit is new and payable. */
  private async creditAllAtOnce(requests: readonly CreditRequest[]): Promise<WalletMoneyResponse[]> {
    const now = this.clock.now();
    return this.ledger.transaction(async (trx, _post, postMany) => {
      const claims = requests.map((request) => ({ ...request, fingerprint: requestHash('wallet credit', request) }));
      const rows = await claimCalls(trx, 'credit', claims, now);
      if (!rows.every((row, index) => row.claimed && !creditRefusal(row, requests[index]!)))
        throw new Error('not every credit is new and payable');
      const users = [...new Set(requests.map((request) => request.playerId))].sort((a, b) => a - b);
      const balance = await lockWallets(trx, users);
      if (balance.size !== users.length) throw new Error('a wallet is missing');
      const paying = requests.filter((request) => request.amount > 0);
      const posted = await postMany(paying.map(returnsPosting));
      const postedFor = new Map(paying.map((request, index) => [request, posted[index]]));
      // Each answer as the single call would have given it in this order: the balance after it.
      const answered = requests.map((request): Answered => {
        const posting = postedFor.get(request);
        if (posting === null) throw new Error('a wallet took no credit');
        if (posting) balance.set(request.playerId, posting.balanceOut);
        return {
          call: request,
          answer: { balance: balance.get(request.playerId)!, walletTransactionId: posting?.transactionId ?? null },
        };
      });
      await storeAnswers(trx, answered, (calls) => returnsOnBet(calls, now), []);
      return answered.map(({ answer }) => answer);
    });
  }

  private async creditIn(
    trx: Trx,
    post: (posting: Posting, alongside?: Alongside) => Promise<Posted>,
    request: CreditRequest,
  ): Promise<WalletMoneyResponse> {
    const now = this.clock.now();
    const fingerprint = requestHash('wallet credit', request);
    const [row] = await claimCalls(trx, 'credit', [{ ...request, fingerprint }], now);
    if (!row!.claimed) return this.replay(trx, 'credit', request.transactionId, fingerprint, row!);
    const refusal = creditRefusal(row!, request);
    if (refusal) throw refusal;
    if (request.amount > 0) {
      // Posting, bet and answer in one statement.
      const posted = await post(returnsPosting(request), [
        { name: 'bet', statement: returnsOnBet(oneCall(request, sql`FROM posted`), now) },
        answeredFromPosting(request.transactionId),
      ]);
      if (posted.alongsideRows === 0) throw await this.returnsRefused(trx, request);
      return { balance: posted.balanceOut, walletTransactionId: posted.transactionId };
    }
    const answer: WalletMoneyResponse = {
      balance: await this.balanceIn(trx, request.playerId),
      walletTransactionId: null,
    };
    const stored = await sql`
      WITH bet AS (${returnsOnBet(oneCall(request), now)})
      UPDATE wallet_calls SET answer = ${JSON.stringify(answer)}::jsonb
      FROM bet WHERE wallet_calls.transaction_id = ${request.transactionId}
      RETURNING wallet_calls.transaction_id`.execute(trx);
    if (stored.rows.length === 0) throw walletError('BetClosed');
    return answer;
  }

  /**
   * Cancels a debit: refunds it once (kind Refund) and closes the bet when nothing stays staked. A bet that has been
   * paid anything (a partial cash out) is past cancelling: BetClosed, or the customer would keep that payment and
   * have the whole stake back too. An original never seen is remembered (a debit row without a fingerprint), so that
   * debit arriving later is refused; a second rollback of one debit answers the balance and moves nothing.
   */
  async rollback(request: RollbackRequest): Promise<WalletMoneyResponse> {
    const now = this.clock.now();
    const fingerprint = requestHash('wallet rollback', request);
    return this.ledger.transaction(async (trx, post) => {
      const [row] = await claimCalls(trx, 'rollback', [{ ...request, fingerprint, amount: 0 }], now);
      if (!row!.claimed) return this.replay(trx, 'rollback', request.transactionId, fingerprint, row!);
      if (row!.user_id === null) throw walletError('UnknownPlayer');
      if (row!.bet_status !== null && row!.bet_user_id !== request.playerId) throw walletError('UnknownBet');
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
        const answer: WalletMoneyResponse = {
          balance: await this.balanceIn(trx, request.playerId),
          walletTransactionId: null,
        };
        await sql`UPDATE wallet_calls SET answer = ${JSON.stringify(answer)}::jsonb WHERE transaction_id = ${request.transactionId}`.execute(
          trx,
        );
        return answer;
      }
      const refusal = betRefusal(row!, request.playerId);
      if (refusal) throw refusal;
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
          WHERE bet_id = ${request.betId} AND status = 'open' AND returned = 0
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
  private async debitFreeBet(
    trx: Trx,
    request: DebitRequest,
    freeBetId: string,
    now: Date,
  ): Promise<WalletMoneyResponse> {
    if (!this.freeBets) throw walletError('FreeBetUnavailable');
    await this.freeBets.use(trx, {
      freeBetId,
      playerId: request.playerId,
      amount: request.amount,
      betId: request.betId,
    });
    const answer: WalletMoneyResponse = {
      balance: await this.balanceIn(trx, request.playerId),
      walletTransactionId: null,
    };
    const stored = await sql`
      WITH bet AS (
        INSERT INTO bets (bet_id, user_id, vertical, staked, free_bet_id, free_bet_stake, max_return, status, placed_at, updated_at)
        VALUES (${request.betId}, ${request.playerId}, 'sportsbook', 0, ${freeBetId}, ${request.amount}, ${request.maxReturn}, 'open', ${now}, ${now})
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

  /**
   * The rollback of a free-bet debit: the bet closes and the token goes back to the customer; no cash moves. The bet is
   * closed first, guarded on its being open, as the cash rollback's is: a credit that closed it meanwhile (its winnings
   * paid) makes this BetClosed, so the customer never has both the winnings and the token back.
   */
  private async rollbackFreeBet(
    trx: Trx,
    request: RollbackRequest,
    freeBetId: string,
    now: Date,
  ): Promise<WalletMoneyResponse> {
    const closed =
      await sql`UPDATE bets SET status = 'closed', closed_at = ${now}, updated_at = ${now} WHERE bet_id = ${request.betId} AND status = 'open' AND returned = 0 RETURNING bet_id`.execute(
        trx,
      );
    if (closed.rows.length === 0) throw walletError('BetClosed');
    await this.freeBets?.giveBack(trx, freeBetId);
    const answer: WalletMoneyResponse = {
      balance: await this.balanceIn(trx, request.playerId),
      walletTransactionId: null,
    };
    await sql`UPDATE wallet_calls SET answer = ${JSON.stringify(answer)}::jsonb WHERE transaction_id = ${request.transactionId}`.execute(
      trx,
    );
    return answer;
  }

  /** The customer's usable free-bet tokens, for a live sportsbook session (like balance). */
  async freeBetTokens(request: FreeBetsRequest): Promise<FreeBetsResponse> {
    await this.balance(request);
    return { freeBets: (await this.freeBets?.usable(request.playerId)) ?? [] };
  }

  /**
   * Why a credit's returns were not taken after its checks passed: another call closed the bet, or paid it so much
   * meanwhile that this credit would pass its maximum return (read again now that that call has committed).
   */
  private async returnsRefused(trx: Trx, request: CreditRequest) {
    const bet = await trx
      .selectFrom('bets')
      .select(['status', 'returned', 'max_return'])
      .where('bet_id', '=', request.betId)
      .executeTakeFirst();
    const over = bet?.status === 'open' && bet.max_return !== null && bet.returned + request.amount > bet.max_return;
    return walletError(over ? 'CreditExceedsMaxReturn' : 'BetClosed');
  }

  /** The first answer for a transaction id already used (read again unless the claim's statement read it), or why there is none. */
  private async replay(
    trx: Trx,
    kind: WalletCallKind,
    transactionId: string,
    fingerprint: string,
    row: ClaimedCall,
  ): Promise<WalletMoneyResponse> {
    const stored =
      row.stored ??
      (await trx
        .selectFrom('wallet_calls')
        .select(['kind', 'fingerprint', 'answer', 'rolled_back_by'])
        .where('transaction_id', '=', transactionId)
        .executeTakeFirstOrThrow());
    return replayed(kind, stored, fingerprint);
  }

  /** The original is not this player's debit on this bet, unless it was already rolled back: then nothing is left to do. */
  private async assertAlreadyRolledBack(trx: Trx, request: RollbackRequest): Promise<void> {
    const original = await trx
      .selectFrom('wallet_calls')
      .select(['kind', 'user_id', 'bet_id', 'rolled_back_by'])
      .where('transaction_id', '=', request.originalTransactionId)
      .executeTakeFirstOrThrow();
    const same =
      original.kind === 'debit' && original.user_id === request.playerId && original.bet_id === request.betId;
    if (!same || original.rolled_back_by === null) throw walletError('UnknownBet');
  }

  private async balanceIn(trx: Trx, userId: number): Promise<number> {
    const wallet = await trx.selectFrom('wallets').select('balance').where('user_id', '=', userId).executeTakeFirst();
    if (!wallet) throw walletError('UnknownPlayer');
    return wallet.balance;
  }
}

/** A debit's claim: a free-bet stake is the token, not cash, so the call records 0 cash for its rollback. */
function debitClaim(request: DebitRequest, fingerprint: string) {
  return { ...request, fingerprint, amount: request.freeBetId ? 0 : request.amount };
}

/** The Stake posting of a cash debit, the same whether it is taken alone or in a batch. */
function stakePosting(request: DebitRequest): Posting {
  return {
    userId: request.playerId,
    amount: -request.amount,
    kind: 'Stake',
    vertical: 'sportsbook',
    reference: request.description || STAKE_REFERENCE,
    betId: request.betId,
    iqsTransactionId: request.transactionId,
  };
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
