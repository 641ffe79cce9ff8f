import type { Clock } from '../../platform/clock';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { BetView, SportsbookServerMessage } from '../../../src/contract/sportsbook-rules';
import type { Catalogue } from '../catalogue/types';
import type { SessionService } from '../sessions/service';
import { pamPlayerId } from '../wallet-client';
import { UNCONFIRMED, type AlongsideSql, type CallHandler, type WalletOutbox } from '../wallet/outbox';
import { addRollback, debitCallId } from './wallet-calls';
import { defaultPlacementPolicy, PlacementService, refusalOfDebit, type PlacementPolicy } from './placement';
import {
  defaultInPlayDelayPolicy,
  InPlayHolds,
  unrefTimer,
  type InPlayDelayPolicy,
  type Schedule,
} from './inplay-delay';
import { Settler, type SettledBet } from './settler';
import { sql } from 'kysely';
import { CashOutService, defaultCashOutPolicy, type CashOutPolicy } from './cash-out';
import type { BetsDb } from './tables';
import { BetViews } from './views';
import { OpenBetsLiveService } from './open-bets-live';
import { closingCall, ownStakeOf } from '../free-bets/returns';
import { retryTransient } from '../db/transient';

export type NotifySession = (sessionId: string, message: SportsbookServerMessage) => void;

export interface BetsServiceDeps {
  db: BetsDb;
  catalogue: Catalogue;
  outbox: WalletOutbox;
  sessions: SessionService;
  clock: Clock;
  /** The WebSocket's hook: a message to every socket of that session. */
  notify?: NotifySession;
  placementPolicy?: PlacementPolicy;
  /** The in-play delay (SPORTSBOOK_INPLAY_DELAY_MS); tests shorten it and may run the hold's end by hand. */
  inPlayDelay?: InPlayDelayPolicy;
  holdSchedule?: Schedule;
  /** The net payout cap, pence (the Betting Rules' £200,000 unless a test says otherwise). */
  payoutCap?: number;
  cashOutPolicy?: Partial<CashOutPolicy>;
  /** How a cash out waits out its delay (tests move prices inside it). */
  cashOutWait?: (ms: number) => Promise<void>;
  log?: (message: string, detail?: unknown) => void;
  /** How a settlement that failed is tried again (SETTLEMENT_RETRY_MS later): a timer unless given; tests run it by hand. */
  recoverySchedule?: Schedule;
}

/** A settlement that failed (not a deadlock, which is retried at once) is tried again this much later, until it succeeds. */
export const SETTLEMENT_RETRY_MS = 30_000;

/**
 * A debit's usual answer opens its bet in the statement that records it (for every debit that statement records),
 * and returns each bet with its legs for the push. The legs are locked: a settlement resolving them either went
 * first (their results show here, and the bet is settled by afterCommit) or waits for this commit (and then finds
 * the bet open). They are locked in the heap's order, the order in which a settlement's update of a market's legs
 * takes them, so a batch of bets on one market and that settlement never wait for each other in a circle.
 */
const OPEN_DEBITED_BETS: AlongsideSql = {
  statements: [
    {
      name: 'opened',
      statement: sql`UPDATE sportsbook.bets SET status = 'open' WHERE id IN (SELECT bet_id FROM answered) AND status = 'pending' RETURNING *`,
    },
    // What the bet's view shows of a leg (not its market's spec, the bulk of the row).
    {
      name: 'struck',
      statement: sql`SELECT bet_id, position, selection_id, event_id, event_name, kickoff_at, market_name, selection_name, price_num, price_den, result, score_home, score_away, dead_heat_ways
        FROM sportsbook.bet_legs WHERE bet_id IN (SELECT bet_id FROM answered) ORDER BY ctid FOR UPDATE`,
    },
    // Each bet's legs as JSON, built once: inline, the aggregate ran again for every bet the statement opened.
    {
      name: 'struck_legs',
      statement: sql`SELECT bet_id, json_agg(struck) AS legs FROM struck GROUP BY bet_id`,
      materialized: true,
    },
  ],
  returning: sql`
    SELECT answered.id AS call_id, opened.*, struck_legs.legs FROM opened JOIN answered ON answered.bet_id = opened.id
      LEFT JOIN struck_legs ON struck_legs.bet_id = opened.id`,
};

const UNCONFIRMED_MESSAGE =
  'We could not confirm your stake, so this bet was not accepted. Any amount taken for it is returned to your balance.';

/**
 * The bets side: placement, settlement, the read side and the operator's bet actions, wired to the wallet outbox
 * (a debit's answer opens or rejects its bet) and to the catalogue (resolved markets settle bets).
 */
export class BetsService {
  readonly views: BetViews;
  readonly placement: PlacementService;
  readonly settler: Settler;
  readonly holds: InPlayHolds;
  readonly cashOuts: CashOutService;
  readonly openBetsLive: OpenBetsLiveService;
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: BetsServiceDeps) {
    const { db, catalogue, outbox, clock } = deps;
    const placementPolicy = deps.placementPolicy ?? defaultPlacementPolicy;
    this.views = new BetViews(db);
    this.holds = new InPlayHolds({
      db,
      catalogue,
      outbox,
      clock,
      policy: deps.inPlayDelay ?? defaultInPlayDelayPolicy,
      debitHoldMs: placementPolicy.holdMs,
      payoutCap: deps.payoutCap,
      schedule: deps.holdSchedule,
      log: deps.log,
      // Accepted: the debit goes out now, and its answer opens the bet and tells the frame. Refused: tell the frame.
      onDecided: async (betId, accepted, debitId) => {
        const sent = accepted
          ? await outbox.attemptFor(debitId, placementPolicy.inlineTries, placementPolicy.inlinePauseMs)
          : 'unanswered';
        if (sent === 'unanswered') await this.push([betId]);
      },
    });
    this.placement = new PlacementService(
      db,
      catalogue,
      outbox,
      this.views,
      clock,
      placementPolicy,
      this.holds,
      deps.payoutCap,
    );
    this.settler = new Settler(db, outbox, clock, (bets) => this.pushSettled(bets), deps.payoutCap);
    this.cashOuts = new CashOutService(
      db,
      catalogue,
      outbox,
      this.views,
      clock,
      (betIds) => this.push(betIds),
      { ...defaultCashOutPolicy, ...deps.cashOutPolicy },
      deps.payoutCap,
      deps.cashOutWait,
    );
    this.openBetsLive = new OpenBetsLiveService(db, catalogue);
    outbox.handle('debit', this.debitAnswered);
    outbox.handle('credit', this.moneyReturned('credit'));
    outbox.handle('rollback', this.moneyReturned('rollback'));
    this.unsubscribe = catalogue.onMarketsResolved(async (resolved) => {
      // A settlement's update of a market's legs can meet a batch of placements recording their debits (both lock
      // legs in heap order, but the database may still pick a victim): settling again finds what is already done.
      try {
        await retryTransient(() => this.settler.marketsResolved(resolved));
      } catch (error) {
        // The resolution is stored: recover() finds its open legs, so the bets are paid without waiting for a restart.
        this.recoverSoon();
        throw error;
      }
      await outbox.drainDue();
    });
  }

  /** At start: finishes any settlement a crash or a failed listener left undone, then the outbox pays it. */
  async recover(): Promise<void> {
    await this.settler.recover();
    await this.cashOuts.refuseInterrupted();
    await this.holds.sweep();
  }

  private recoveryScheduled = false;

  /** Settles later what a failed settlement left open, and again later while that fails too. */
  private recoverSoon(): void {
    if (this.recoveryScheduled) return;
    this.recoveryScheduled = true;
    (this.deps.recoverySchedule ?? unrefTimer)(SETTLEMENT_RETRY_MS, () => {
      this.recoveryScheduled = false;
      this.settler
        .recover()
        .then(() => this.deps.outbox.drainDue())
        .catch((error: unknown) => {
          this.deps.log?.('settling what a failed settlement left open failed', error);
          this.recoverSoon();
        });
    });
  }

  close(): void {
    this.unsubscribe();
    this.holds.stopSweeping();
  }

  /** A debit's answer: the bet opens (and settles at once if its markets resolved meanwhile) or is rejected in words. */
  private readonly debitAnswered: CallHandler = {
    alongside: (result) => (result.state === 'done' ? OPEN_DEBITED_BETS : undefined),
    inTransaction: async (trx, call, result) => {
      if (result.state === 'done') return;
      const unconfirmed = result.code === UNCONFIRMED;
      const refusal = unconfirmed
        ? { message: UNCONFIRMED_MESSAGE, code: 'NotAccepted' as const }
        : refusalOfDebit(result.code);
      const rejected = await trx
        .updateTable('sportsbook.bets')
        .set({
          status: 'rejected',
          reason: refusal.message,
          reason_code: refusal.code,
          settled_at: this.deps.clock.now(),
        })
        .where('id', '=', call.betId)
        .where('status', '=', 'pending')
        .returning('session_id')
        .executeTakeFirst();
      // Whether the PAM took the stake is unknown: roll it back (a debit arriving after its rollback is refused).
      if (unconfirmed) await addRollback(this.deps.outbox, trx, call.betId, call.body.playerId);
      if (rejected && result.code === 'SessionExpired') await this.deps.sessions.end(rejected.session_id, trx);
    },
    afterCommit: async (call, result, returned) => {
      // Opened with legs still open: pushed as written, no read.
      const opened = returned?.id ? this.views.fromRow(returned as Parameters<BetViews['fromRow']>[0]) : undefined;
      if (opened && opened.view.legs.every((leg) => leg.result === 'open')) return this.notifyAll([opened]);
      // Otherwise read after the commit, and settle a bet whose legs a settlement decided while it was pending.
      let bets = await this.views.withSessions([call.betId]);
      if (result.state === 'done' && bets.some(({ view }) => view.legs.some((leg) => leg.result !== 'open'))) {
        await this.settler.settle([call.betId]);
        bets = await this.views.withSessions([call.betId]);
      }
      if (result.state === 'failed' && result.code === 'SessionExpired')
        for (const bet of bets) this.deps.sessions.ended(bet.sessionId);
      this.notifyAll(bets);
    },
  };

  private moneyReturned(kind: 'credit' | 'rollback'): CallHandler {
    return {
      afterCommit: (call, result) => {
        // A definitive refusal of money owed to a customer needs a person: it stays failed and visible.
        if (result.state === 'failed')
          this.deps.log?.(`wallet ${kind} refused`, { id: call.id, code: result.code, message: result.message });
      },
    };
  }

  /**
   * The operator voids one bet: an accepted bet gets its stake back as its closing credit; a bet whose debit was
   * never confirmed has that debit rolled back instead. A settled or rejected bet is left alone.
   */
  async voidBet(betId: string): Promise<{ betId: string; status: string; refund: 'credit' | 'rollback' }> {
    const now = this.deps.clock.now();
    const refund = await this.deps.db.transaction().execute(async (trx) => {
      // The debit's call first, then the bet: the order in which recording a debit's answer takes them.
      // Rolled back below whether or not it was sent (the placement's own send counts as its first attempt).
      const debitAbandoned =
        (await this.deps.outbox.abandon(
          trx,
          debitCallId(betId),
          'Voided',
          'The bet was voided before its stake was confirmed',
        )) !== undefined;
      const bet = await trx
        .selectFrom('sportsbook.bets')
        .select(['status', 'stake', 'player_id', 'free_bet_id'])
        .where('id', '=', betId)
        .forUpdate()
        .executeTakeFirst();
      if (!bet) throw notFound(`No bet ${betId}`);
      if (bet.status !== 'open' && bet.status !== 'pending')
        throw badRequest(`Bet ${betId} is ${bet.status}; only open or pending bets can be voided`);
      if (bet.status === 'pending' && !debitAbandoned)
        throw conflict(`Bet ${betId} is being confirmed right now; try again`);
      // A free bet's stake was never the customer's money: a void free bet returns no cash (its token comes back).
      const refund = ownStakeOf(bet);
      await trx
        .updateTable('sportsbook.bets')
        .set({ status: 'void', returns: refund, settled_at: now })
        .where('id', '=', betId)
        .where('status', '=', bet.status)
        .execute();
      if (bet.status === 'pending') {
        await addRollback(this.deps.outbox, trx, betId, pamPlayerId(bet.player_id));
        return 'rollback' as const;
      }
      await trx
        .insertInto('sportsbook.payout_nets')
        .values({ bet_id: betId, player_id: bet.player_id, stake: refund, returns: refund, settled_at: now })
        .execute();
      const call = closingCall(
        { id: betId, playerId: pamPlayerId(bet.player_id), freeBet: bet.free_bet_id !== null },
        'void',
        refund,
      );
      await this.deps.outbox.add(trx, [call]);
      return call.kind as 'credit' | 'rollback';
    });
    await this.deps.outbox.drainDue();
    await this.push([betId]);
    return { betId, status: 'void', refund };
  }

  async belongsTo(betId: string, playerId: string): Promise<boolean> {
    const bet = await this.deps.db
      .selectFrom('sportsbook.bets')
      .select('id')
      .where('id', '=', betId)
      .where('player_id', '=', playerId)
      .executeTakeFirst();
    return bet !== undefined;
  }

  async openBets(eventId?: string) {
    let query = this.deps.db.selectFrom('sportsbook.bets').select('id').where('status', 'in', ['open', 'pending']);
    if (eventId)
      query = query.where('id', 'in', (qb) =>
        qb.selectFrom('sportsbook.bet_legs').select('bet_id').where('event_id', '=', eventId),
      );
    const ids = await query.orderBy('placed_at').limit(500).execute();
    return this.views.many(ids.map((row) => row.id));
  }

  private pushSettled(bets: SettledBet[]): void {
    if (!this.deps.notify) return;
    void this.push(bets.map((bet) => bet.betId)).catch((error: unknown) =>
      this.deps.log?.('pushing settled bets failed', error),
    );
  }

  private async push(betIds: string[]): Promise<void> {
    if (!this.deps.notify || betIds.length === 0) return;
    this.notifyAll(await this.views.withSessions(betIds));
  }

  private notifyAll(bets: Array<{ sessionId: string; view: BetView }>): void {
    const notify = this.deps.notify;
    if (notify) for (const { sessionId, view } of bets) notify(sessionId, { type: 'bet', bet: view });
  }
}
