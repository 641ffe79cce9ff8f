import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { Ledger, Posted, Posting, Trx } from '../wallet/ledger';
import { AppError } from '../../platform/errors';
import { lockWallet } from '../wallet/wallet-lock';
import type { P2pCallKind, P2pPositionsTable } from './tables';
import { requestHash } from '../idempotency/service';
import { blockedFromBetting, sessionLive, type SessionStanding } from '../games/standing';
import { p2pWalletError } from './errors';
import { holdsAtOnce } from './holds-at-once';
import { releasesAtOnce } from './releases-at-once';
import { blockReason, type StandingRow } from './standing';
import type {
  BlockedSinceRequest,
  BlockedSinceResponse,
  HoldBatchResponse,
  HoldRequest,
  P2pBatchOutcome,
  P2pBalanceRequest,
  P2pMoneyResponse,
  PositionsRequest,
  PositionsResponse,
  ReleaseRequest,
  SettleRequest,
  StandingRequest,
  StandingResponse,
} from '../../../src/contract/p2p-wallet';
import type { WalletBalanceResponse } from '../../../src/contract/games';

export const HOLD_REFERENCE = 'Exchange hold';
export const RELEASE_REFERENCE = 'Exchange hold released';
export const SETTLEMENT_REFERENCE = 'Exchange settlement';

type MoneyCall = { transactionId: string; playerId: number; marketId: string; amount: number };
type Position = Pick<P2pPositionsTable, 'held' | 'status'>;

/**
 * The exchange's money calls (src/contract/p2p-wallet.ts). Each is one database transaction: its call record, its
 * ledger posting, the customer's position and the market's totals commit together or not at all.
 *
 * Idempotency: the call's row is claimed first (INSERT ... ON CONFLICT DO NOTHING on the exchange's transaction id),
 * so a concurrent duplicate waits on the uncommitted claim, then finds it and replays the stored answer. A refused
 * call rolls its claim back with it.
 *
 * Lock order, the same in every call so none deadlocks: the call's claim, the wallet, a hold's player row (FOR SHARE,
 * so no block commits between its check and the hold), the position, the market. Account deletion takes the wallet,
 * then the user, then reads the positions; blocks take only the user.
 */
export class P2pWalletService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly clock: Clock,
  ) {}

  /** The balance for a live exchange session. */
  async balance(request: P2pBalanceRequest): Promise<WalletBalanceResponse> {
    const row = await sessionStanding(this.db, request.playerId, request.sessionId).executeTakeFirst();
    if (!row) throw p2pWalletError('UnknownPlayer');
    if (!sessionLive(row, this.clock.now())) throw p2pWalletError('SessionExpired');
    return { balance: row.balance, currency: row.currency };
  }

  /** Raises the customer's hold on a market: a live session, no block, an open (or new) position and the funds. */
  async hold(request: HoldRequest): Promise<P2pMoneyResponse> {
    const now = this.clock.now();
    return this.ledger.transaction((trx, post) => holdIn(trx, post, request, now));
  }

  /**
   * Many holds, each with the single call's rules, idempotency and its own outcome, answered in the order sent. The
   * usual batch (every hold new and good) is decided set-based in a handful of statements (holds-at-once.ts), so
   * its wallets are locked for moments whatever its size. A batch that cannot be decided whole so leaves nothing of
   * that and goes hold by hold in one transaction, taken in player order (a player's own holds keep the order sent)
   * so two batches lock wallets in one order, a player's wallet and standing locked and checked once for the batch:
   * first all at once; should one be refused, again with each in a savepoint, so a refused hold rolls back only
   * itself; should the database give up, each alone as the single call.
   */
  async holdMany(requests: readonly HoldRequest[]): Promise<HoldBatchResponse> {
    const now = this.clock.now();
    try {
      const answers = await this.ledger.transaction((trx, _post, postMany) =>
        holdsAtOnce(trx, postMany, requests, holdPosting, now),
      );
      return {
        results: requests.map((request, index) => ({ transactionId: request.transactionId, answer: answers[index]! })),
      };
    } catch {
      // Nothing of that transaction stands: the batch is decided again below, hold by hold.
    }
    const order = requests.map((_, index) => index).sort((a, b) => requests[a]!.playerId - requests[b]!.playerId);
    const inOneGo = (savepoints: boolean) =>
      this.ledger.transaction(async (trx, post) => {
        const decided: P2pBatchOutcome[] = [];
        const checked = new Set<string>();
        for (const index of order) {
          const request = requests[index]!;
          if (!savepoints) {
            decided[index] = {
              transactionId: request.transactionId,
              answer: await holdIn(trx, post, request, now, checked),
            };
            continue;
          }
          await sql`SAVEPOINT p2p_hold`.execute(trx);
          try {
            decided[index] = {
              transactionId: request.transactionId,
              answer: await holdIn(trx, post, request, now, checked),
            };
            await sql`RELEASE SAVEPOINT p2p_hold`.execute(trx);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            // Rolling back to the savepoint lets go of the locks taken after it: this player is checked afresh.
            await sql`ROLLBACK TO SAVEPOINT p2p_hold`.execute(trx);
            checked.delete(checkKey(request));
            decided[index] = refusedOutcome(request.transactionId, error);
          }
        }
        return decided;
      });
    try {
      try {
        return { results: await inOneGo(false) };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return { results: await inOneGo(true) };
      }
    } catch {
      return oneByOne(requests, (request) => this.hold(request));
    }
  }

  /**
   * Many releases, each with the single call's rules, idempotency and its own outcome, answered in the order sent:
   * the usual batch (every release new and good) set-based in a handful of statements (releases-at-once.ts); any
   * other leaves nothing of that and goes release by release, each as the single call.
   */
  async releaseMany(requests: readonly ReleaseRequest[]): Promise<HoldBatchResponse> {
    const now = this.clock.now();
    try {
      const answers = await this.ledger.transaction((trx, _post, postMany) =>
        releasesAtOnce(trx, postMany, requests, releasePosting, now),
      );
      return {
        results: requests.map((request, index) => ({ transactionId: request.transactionId, answer: answers[index]! })),
      };
    } catch {
      // Nothing of that transaction stands: each release below is decided as the single call would.
    }
    return oneByOne(requests, (request) => this.release(request));
  }

  /** Lowers the hold, never below zero; no session needed (unmatched orders are cancelled after logout, and blocks). */
  async release(request: ReleaseRequest): Promise<P2pMoneyResponse> {
    const now = this.clock.now();
    return this.ledger.transaction(async (trx, post) => {
      const replay = await claim(trx, 'release', request, now);
      if (replay) return replay;
      await lockPlayerWallet(trx, request.playerId);
      const position = await lockPosition(trx, request);
      if (position?.status === 'settled') throw p2pWalletError('PositionSettled');
      if (!position || position.held < request.amount) throw p2pWalletError('HoldExceeded');
      await payOutOfMarket(trx, request.marketId, request.amount, now);
      const posted = await post(releasePosting(request));
      const held = await trx
        .updateTable('p2p_positions')
        .set((eb) => ({
          held: eb('held', '-', request.amount),
          released: eb('released', '+', request.amount),
          updated_at: now,
        }))
        .where('user_id', '=', request.playerId)
        .where('market_id', '=', request.marketId)
        .returning('held')
        .executeTakeFirstOrThrow();
      return answer(trx, request.transactionId, {
        balance: posted.balanceOut,
        walletTransactionId: posted.transactionId,
        held: held.held,
      });
    });
  }

  /** The market's final payment to the customer: closes the position (its hold is spent) and pays `amount` as Returns. */
  async settle(request: SettleRequest): Promise<P2pMoneyResponse> {
    const now = this.clock.now();
    return this.ledger.transaction(async (trx, post) => {
      const replay = await claim(trx, 'settle', request, now);
      if (replay) return replay;
      const balance = await lockPlayerWallet(trx, request.playerId);
      if ((await lockPosition(trx, request))?.status === 'settled') throw p2pWalletError('PositionSettled');
      await payOutOfMarket(trx, request.marketId, request.amount, now);
      const posted =
        request.amount > 0 ? await post(posting(request, request.amount, 'Returns', SETTLEMENT_REFERENCE)) : undefined;
      // A customer the exchange never held anything for (their bets netted off) may still be paid: the row records it.
      await sql`
        INSERT INTO p2p_positions (user_id, market_id, held, held_total, paid, status, opened_at, updated_at, settled_at)
        VALUES (${request.playerId}, ${request.marketId}, 0, 0, ${request.amount}, 'settled', ${now}, ${now}, ${now})
        ON CONFLICT (user_id, market_id) DO UPDATE SET held = 0, paid = EXCLUDED.paid, status = 'settled',
          updated_at = EXCLUDED.updated_at, settled_at = EXCLUDED.settled_at`.execute(trx);
      return answer(trx, request.transactionId, {
        balance: posted?.balanceOut ?? balance,
        walletTransactionId: posted?.transactionId ?? null,
        held: 0,
      });
    });
  }

  /** The PAM's side of a market, for the exchange to reconcile its holds, payments and calls with, in one snapshot. */
  async positions(request: PositionsRequest): Promise<PositionsResponse> {
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const market = await trx
          .selectFrom('p2p_markets')
          .select(['held', 'paid'])
          .where('market_id', '=', request.marketId)
          .executeTakeFirst();
        const positions = await trx
          .selectFrom('p2p_positions')
          .select(['user_id', 'held', 'paid', 'status'])
          .where('market_id', '=', request.marketId)
          .orderBy('user_id')
          .execute();
        const postings = await sql<{
          transaction_id: string;
          call: P2pCallKind | null;
          user_id: number;
          amount: number;
          posted: number | null;
        }>`
          SELECT c.transaction_id::text, c.kind AS call, c.user_id, c.amount, t.amount AS posted, c.created_at, c.transaction_id::text AS tiebreak
            FROM p2p_wallet_calls c LEFT JOIN transactions t ON t.id = c.ledger_transaction_id
            WHERE c.market_id = ${request.marketId} AND c.answer IS NOT NULL
          UNION ALL
          SELECT t.iqs_transaction_id, NULL, t.user_id, abs(t.amount), t.amount, t.created_at, t.iqs_transaction_id
            FROM transactions t
            WHERE t.vertical = 'p2p' AND t.bet_id = ${request.marketId}
              AND NOT EXISTS (SELECT 1 FROM p2p_wallet_calls c WHERE c.ledger_transaction_id = t.id)
          ORDER BY created_at, tiebreak`.execute(trx);
        return {
          marketId: request.marketId,
          totalHeld: market?.held ?? 0,
          totalPaid: market?.paid ?? 0,
          positions: positions.map((row) => ({
            playerId: row.user_id,
            held: row.held,
            paid: row.paid,
            status: row.status,
          })),
          postings: postings.rows.map((row) => ({
            transactionId: row.transaction_id,
            call: row.call,
            playerId: row.user_id,
            amount: Number(row.amount),
            posted: row.posted === null ? null : Number(row.posted),
          })),
        };
      });
  }

  /** Each player's standing under the hold's rule, in the order asked; a player the PAM does not know is blocked. */
  async standing(request: StandingRequest): Promise<StandingResponse> {
    const now = this.clock.now();
    const rows = await this.db
      .selectFrom('users')
      .select([
        'id',
        'status',
        'locked_out',
        'verification_status',
        'exclusion_kind',
        'exclusion_until',
        'exclusion_permanent',
      ])
      .where('id', 'in', request.playerIds)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return {
      players: request.playerIds.map((playerId) => {
        const row = byId.get(playerId);
        const reason = row ? blockReason(row, now) : 'unknown';
        return { playerId, blocked: reason !== null, reason };
      }),
    };
  }

  /**
   * Blocks logged since the cursor, and the next cursor: the oldest transaction still running when this reads (its
   * snapshot's xmin). Every block written by an older transaction has committed or never will, so none is skipped.
   */
  async blockedSince(request: BlockedSinceRequest): Promise<BlockedSinceResponse> {
    const result = await sql<{ user_id: number | null; reason: string | null; began_at: Date | null; horizon: string }>`
      WITH horizon AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin)
      SELECT b.user_id, b.reason, b.began_at, h.xmin::text AS horizon
      FROM horizon h LEFT JOIN player_blocks b ON b.txid >= ${request.cursor}::xid8 AND b.txid < h.xmin
      ORDER BY b.id`.execute(this.db);
    return {
      blocks: result.rows
        .filter((row) => row.user_id !== null)
        .map((row) => ({ playerId: row.user_id!, reason: row.reason!, at: row.began_at!.toISOString() })),
      cursor: result.rows[0]!.horizon,
    };
  }
}

const checkKey = (request: HoldRequest) => `${request.playerId} ${request.sessionId}`;

/**
 * One hold inside the caller's transaction (the single call's, or one of a batch's). `checked`: the players and
 * sessions whose wallet this transaction has locked and whose standing it has checked already.
 */
async function holdIn(
  trx: Trx,
  post: (posting: Posting) => Promise<Posted>,
  request: HoldRequest,
  now: Date,
  checked = new Set<string>(),
): Promise<P2pMoneyResponse> {
  const replay = await claim(trx, 'hold', request, now);
  if (replay) return replay;
  if (!checked.has(checkKey(request))) {
    await lockPlayerWallet(trx, request.playerId);
    const player = await sessionStanding(trx, request.playerId, request.sessionId).forShare('u').executeTakeFirst();
    if (blockedFromBetting(player!, now)) throw p2pWalletError('PlayerBlocked');
    if (!sessionLive(player!, now)) throw p2pWalletError('SessionExpired');
    checked.add(checkKey(request));
  }
  if ((await lockPosition(trx, request))?.status === 'settled') throw p2pWalletError('PositionSettled');
  const posted = await post(holdPosting(request));
  const position = await sql<{ held: number }>`
    INSERT INTO p2p_positions (user_id, market_id, held, held_total, status, opened_at, updated_at, event_name)
    VALUES (${request.playerId}, ${request.marketId}, ${request.amount}, ${request.amount}, 'open', ${now}, ${now},
      ${request.eventName ?? null})
    ON CONFLICT (user_id, market_id) DO UPDATE SET held = p2p_positions.held + EXCLUDED.held,
      held_total = p2p_positions.held_total + EXCLUDED.held_total, updated_at = EXCLUDED.updated_at,
      event_name = coalesce(p2p_positions.event_name, EXCLUDED.event_name)
    RETURNING held`.execute(trx);
  await sql`
    INSERT INTO p2p_markets (market_id, held, paid, updated_at) VALUES (${request.marketId}, ${request.amount}, 0, ${now})
    ON CONFLICT (market_id) DO UPDATE SET held = p2p_markets.held + EXCLUDED.held, updated_at = EXCLUDED.updated_at`.execute(
    trx,
  );
  return answer(trx, request.transactionId, {
    balance: posted.balanceOut,
    walletTransactionId: posted.transactionId,
    held: position.rows[0]!.held,
  });
}

const holdPosting = (request: HoldRequest) => posting(request, -request.amount, 'Exchange hold', HOLD_REFERENCE);

const releasePosting = (request: ReleaseRequest) =>
  posting(request, request.amount, 'Exchange release', RELEASE_REFERENCE);

const refusedOutcome = (transactionId: string, error: AppError): P2pBatchOutcome => ({
  transactionId,
  error: { status: error.statusCode, message: error.message, code: error.code },
});

/** A batch decided call by call, in the order sent, each with the single call's rules and its own outcome. */
async function oneByOne<Request extends { transactionId: string }>(
  requests: readonly Request[],
  decide: (request: Request) => Promise<P2pMoneyResponse>,
): Promise<HoldBatchResponse> {
  const outcomes: P2pBatchOutcome[] = [];
  for (const request of requests)
    try {
      outcomes.push({ transactionId: request.transactionId, answer: await decide(request) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.push(refusedOutcome(request.transactionId, error));
    }
  return { results: outcomes };
}

/** The player, their wallet and the session's sign-in, as the balance and the hold read them. */
function sessionStanding(db: Db | Trx, playerId: number, sessionId: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('wallets as w', 'w.user_id', 'u.id')
    .leftJoin('game_sessions as s', (join) =>
      join.onRef('s.user_id', '=', 'u.id').on('s.id', '=', sessionId).on('s.game', '=', 'p2p'),
    )
    .leftJoin('refresh_families as f', 'f.id', 's.family_id')
    .select([
      'u.status',
      'u.locked_out',
      'u.verification_status',
      'u.exclusion_kind',
      'u.exclusion_until',
      'u.exclusion_permanent',
      'f.revoked_at',
      'f.expires_at as family_expires_at',
      'w.balance',
      'w.currency',
    ])
    .where('u.id', '=', playerId)
    .$castTo<StandingRow & SessionStanding & { balance: number; currency: string }>();
}

/**
 * Claims the call's transaction id; when it was used before, the first answer (same call, same body) or 409. A
 * duplicate sent meanwhile waits on this claim until it commits (then replays) or rolls back (then claims it).
 */
async function claim(trx: Trx, kind: P2pCallKind, call: MoneyCall, now: Date): Promise<P2pMoneyResponse | undefined> {
  const fingerprint = requestHash(`p2p ${kind}`, call);
  const claimed = await sql`
    INSERT INTO p2p_wallet_calls (transaction_id, kind, fingerprint, user_id, market_id, amount, created_at)
    VALUES (${call.transactionId}, ${kind}, ${fingerprint}, ${call.playerId}, ${call.marketId}, ${call.amount}, ${now})
    ON CONFLICT (transaction_id) DO NOTHING
    RETURNING transaction_id`.execute(trx);
  if (claimed.rows.length === 1) return undefined;
  const stored = await trx
    .selectFrom('p2p_wallet_calls')
    .select(['kind', 'fingerprint', 'answer'])
    .where('transaction_id', '=', call.transactionId)
    .executeTakeFirstOrThrow();
  if (stored.kind !== kind || stored.fingerprint !== fingerprint) throw p2pWalletError('DuplicateTransaction');
  return stored.answer as P2pMoneyResponse;
}

async function answer(trx: Trx, transactionId: string, response: P2pMoneyResponse): Promise<P2pMoneyResponse> {
  await trx
    .updateTable('p2p_wallet_calls')
    .set({ answer: JSON.stringify(response), ledger_transaction_id: response.walletTransactionId })
    .where('transaction_id', '=', transactionId)
    .execute();
  return response;
}

/** Locks the wallet first, as every posting path does (wallet-lock); its balance now. */
async function lockPlayerWallet(trx: Trx, userId: number): Promise<number> {
  const balance = await lockWallet(trx, userId);
  if (balance === undefined) throw p2pWalletError('UnknownPlayer');
  return balance;
}

function lockPosition(trx: Trx, call: MoneyCall): Promise<Position | undefined> {
  return trx
    .selectFrom('p2p_positions')
    .select(['held', 'status'])
    .where('user_id', '=', call.playerId)
    .where('market_id', '=', call.marketId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Counts `amount` as paid out of the market, under its row's lock: refused (MarketOverpaid) when everything paid out
 * of it would then exceed everything held on it, so the exchange can never pay more than its customers put in.
 */
async function payOutOfMarket(trx: Trx, marketId: string, amount: number, now: Date): Promise<void> {
  const market = await trx
    .selectFrom('p2p_markets')
    .select(['held', 'paid'])
    .where('market_id', '=', marketId)
    .forUpdate()
    .executeTakeFirst();
  if (amount === 0) return;
  if (!market || market.paid + amount > market.held) throw p2pWalletError('MarketOverpaid');
  await trx
    .updateTable('p2p_markets')
    .set((eb) => ({ paid: eb('paid', '+', amount), updated_at: now }))
    .where('market_id', '=', marketId)
    .execute();
}

function posting(call: MoneyCall, amount: number, kind: Posting['kind'], reference: string): Posting {
  return {
    userId: call.playerId,
    amount,
    kind,
    vertical: 'p2p',
    reference,
    betId: call.marketId,
    iqsTransactionId: call.transactionId,
  };
}
