/**
 * The in-play delay. A bet with a leg on a match in play is stored with its debit, but the debit is not sent: the
 * bet is held for `delayMs` (pending, with held_until), then judged against the catalogue as it is then. It is
 * accepted (its debit released to the wallet) only if every leg's market is still open, no goal was scored (the
 * score each live leg was struck at is compared), and every price is still acceptable under the customer's setting
 * (a Bet Builder's one price, quoted again from the catalogue now, as placement judges it; not its legs' prices);
 * otherwise it is refused and nothing was ever debited. A retry of the same bet id during the hold finds the stored
 * bet and answers it as held, so nothing is placed twice. A hold nobody judged in time (its instance stopped or
 * restarted) is refused, by whoever comes to it, never judged late against prices the customer never saw.
 */
import type { Transaction } from 'kysely';
import type { Clock } from '../../platform/clock';
import type {
  PlacementRefusal,
  Price,
  PriceChangePolicy,
  SelectionChange,
} from '../../../src/contract/sportsbook-rules';
import { NET_PAYOUT_CAP_PENCE } from '../../../src/contract/sportsbook-rules';
import { priceAcceptable, samePrice } from '../../../src/contract/rules/odds';
import type { Catalogue } from '../catalogue/types';
import type { WalletOutbox } from '../wallet/outbox';
import { describeBet, maxReturnOf, potentialReturnsOf, type BetShape } from './describe';
import { strikeBetBuilder } from './bet-builder';
import { abandonDebit } from './wallet-calls';
import { PlacementRefused, type StruckLeg } from './slip';
import type { BetsDatabase, BetsDb } from './tables';

export interface InPlayDelayPolicy {
  /** How long an in-play bet is held before it is judged (SPORTSBOOK_INPLAY_DELAY_MS); 0 turns the delay off. */
  delayMs: number;
  /**
   * How late after its end a hold may still be judged: the slack of a running instance's timer on a busy event loop.
   * Later than this nobody judged it in time (its instance stopped or restarted), and it is refused unjudged.
   */
  judgeWithinMs: number;
  /** How often the sweep refuses holds that nobody judged in time (another instance's, or one a restart cut off). */
  sweepEveryMs: number;
}

/** Six seconds at the default clock speed (UK football is typically 5-8 s); shorter on a faster clock, like goal suspensions. */
export const defaultInPlayDelayMs = (clockSpeed: number) => Math.min(6_000, Math.round(54_000 / clockSpeed));

export const defaultInPlayDelayPolicy: InPlayDelayPolicy = {
  delayMs: 6_000,
  judgeWithinMs: 2_000,
  sweepEveryMs: 2_000,
};

export type Schedule = (ms: number, run: () => void) => void;

export const unrefTimer: Schedule = (ms, run) => void setTimeout(run, ms).unref();

const NOTHING_TAKEN = 'Nothing was taken from your balance.';
const REFUSALS: Record<
  'GoalScored' | 'MarketSuspended' | 'MarketClosed' | 'PriceChanged' | 'ImpossibleCombination' | 'NotAccepted',
  string
> = {
  GoalScored: `A goal was scored while your bet was being placed, so it was not accepted. ${NOTHING_TAKEN}`,
  MarketSuspended: `The market was suspended while your bet was being placed, so it was not accepted. ${NOTHING_TAKEN}`,
  MarketClosed: `A market on your slip closed while your bet was being placed, so it was not accepted. ${NOTHING_TAKEN}`,
  PriceChanged: `The odds changed while your bet was being placed, so it was not accepted. ${NOTHING_TAKEN}`,
  ImpossibleCombination: `Your Bet Builder could no longer be priced while your bet was being placed, so it was not accepted. ${NOTHING_TAKEN}`,
  NotAccepted: `We could not confirm your bet in time, so it was not accepted. ${NOTHING_TAKEN}`,
};

const refuse = (code: keyof typeof REFUSALS, changes: SelectionChange[] = []) =>
  new PlacementRefused(REFUSALS[code], code as PlacementRefusal, changes);

/** A leg as it was struck when the hold began. */
export interface HeldLeg {
  selectionId: string;
  price: Price;
  /** The match's score when the bet was struck (live legs only). */
  score: { home: number; away: number } | null;
}

/** A hold's end accepted: the legs' prices now, and a Bet Builder's one price now (null for other bets). */
interface HoldAccepted {
  prices: Price[];
  price: Price | null;
}

/**
 * The end of a hold, judged: the prices to accept the legs at, or the refusal. A goal is told apart from a plain
 * suspension (the goal suspends the markets too, and may have reopened them by now with new prices). A Bet Builder
 * (`builder`, the one price it was struck at) pays its combination's price, not its legs': that price is quoted again
 * from the catalogue now and judged against the setting by placement's own check (strikeBetBuilder), its legs taken
 * at their prices now as placement records them.
 */
function judgeHold(
  catalogue: Catalogue,
  legs: readonly HeldLeg[],
  policy: PriceChangePolicy,
  builder: Price | null = null,
): HoldAccepted | { refusal: PlacementRefused } {
  const quotes = legs.map((leg) => catalogue.quote(leg.selectionId));
  const changeOf = (index: number): SelectionChange => {
    const quote = quotes[index];
    return quote
      ? { selectionId: quote.selectionId, price: quote.price, status: quote.status }
      : { selectionId: legs[index]!.selectionId, price: null, status: 'closed' };
  };
  const all = (test: (index: number) => boolean) => legs.map((_, index) => index).filter(test);
  // A goal first: it is what closed or suspended the market, and the customer should be told the cause.
  const scored = all((index) => {
    const { score } = legs[index]!;
    const now = quotes[index]?.score;
    return score !== null && now !== undefined && (now.home !== score.home || now.away !== score.away);
  });
  if (scored.length > 0) return { refusal: refuse('GoalScored', scored.map(changeOf)) };
  const closed = all((index) => !quotes[index] || quotes[index]!.status === 'closed' || quotes[index]!.price === null);
  if (closed.length > 0) return { refusal: refuse('MarketClosed', closed.map(changeOf)) };
  const suspended = all((index) => quotes[index]!.status !== 'open');
  if (suspended.length > 0) return { refusal: refuse('MarketSuspended', suspended.map(changeOf)) };
  if (builder) return judgeBetBuilder(catalogue, legs, policy, builder);
  const moved = all((index) => !priceAcceptable(policy, legs[index]!.price, quotes[index]!.price!));
  if (moved.length > 0) return { refusal: refuse('PriceChanged', moved.map(changeOf)) };
  return { prices: quotes.map((quote) => quote!.price!), price: null };
}

/** A held Bet Builder, its legs open and no goal scored: its combination priced again now, or the refusal in the hold's words. */
function judgeBetBuilder(
  catalogue: Catalogue,
  legs: readonly HeldLeg[],
  policy: PriceChangePolicy,
  struck: Price,
): HoldAccepted | { refusal: PlacementRefused } {
  try {
    const now = strikeBetBuilder(
      catalogue,
      legs.map((leg) => leg.selectionId),
      struck,
      policy,
    );
    return { prices: now.legs.map((leg) => leg.price), price: now.quote.price };
  } catch (error) {
    if (!(error instanceof PlacementRefused)) throw error;
    switch (error.refusal) {
      case 'PriceChanged':
      case 'MarketSuspended':
        return { refusal: refuse(error.refusal, error.changes) };
      case 'MarketClosed':
      case 'UnknownSelection':
        return { refusal: refuse('MarketClosed', error.changes) };
      default:
        // Impossible or too unlikely now (or, never expected, no longer buildable): it can no longer be priced.
        return { refusal: refuse('ImpossibleCombination', error.changes) };
    }
  }
}

export interface InPlayHoldsDeps {
  db: BetsDb;
  catalogue: Catalogue;
  outbox: WalletOutbox;
  clock: Clock;
  policy: InPlayDelayPolicy;
  /** How long a released debit is left to its placement before the outbox worker takes it over. */
  debitHoldMs: number;
  /** The net payout cap, pence: part of the maximum return the released debit carries (maxReturnOf). */
  payoutCap?: number;
  /** After a hold is judged (outside any transaction): send the released debit, or tell the frame of the refusal. */
  onDecided: (betId: string, accepted: boolean, debitCallId: string) => Promise<void>;
  schedule?: Schedule;
  log?: (message: string, detail?: unknown) => void;
}

export type HoldDecision = 'accepted' | 'refused' | 'not-held';

export class InPlayHolds {
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;

  constructor(private readonly deps: InPlayHoldsDeps) {}

  /** Whether a bet with these legs is held: a leg on a match in play, and a delay configured. */
  needsHold(legs: readonly StruckLeg[]): boolean {
    return this.deps.policy.delayMs > 0 && legs.some((leg) => leg.quote.eventStatus === 'live');
  }

  heldUntil(now: Date): Date {
    return new Date(now.getTime() + this.deps.policy.delayMs);
  }

  /** After the bet and its held debit are committed: judge it when the hold ends. */
  start(betId: string): void {
    (this.deps.schedule ?? unrefTimer)(this.deps.policy.delayMs, () => {
      this.decide(betId).catch((error: unknown) => this.deps.log?.('judging an in-play bet failed', { betId, error }));
    });
  }

  /**
   * Judges a held bet now: accepted (prices taken as the setting allows, the debit released) or refused (its debit
   * abandoned unsent). Once only: the debit's call and then the bet are locked, in the order the outbox and the
   * operator's void take them, and a bet no longer held is left alone. Past its end by more than judgeWithinMs it
   * is refused without judging.
   */
  async decide(betId: string): Promise<HoldDecision> {
    const { db, clock, outbox } = this.deps;
    const bet0 = await db
      .selectFrom('sportsbook.bets')
      .select('debit_call_id')
      .where('id', '=', betId)
      .executeTakeFirst();
    if (!bet0) return 'not-held';
    const debitId = bet0.debit_call_id;
    const decision = await db.transaction().execute(async (trx): Promise<HoldDecision> => {
      const call = await trx
        .selectFrom('sportsbook.wallet_calls')
        .select(['state', 'body'])
        .where('id', '=', debitId)
        .forUpdate()
        .executeTakeFirst();
      const bet = await trx
        .selectFrom('sportsbook.bets')
        .selectAll()
        .where('id', '=', betId)
        .forUpdate()
        .executeTakeFirst();
      if (!call || call.state !== 'pending' || !bet || bet.status !== 'pending' || bet.held_until === null)
        return 'not-held';
      const legs = await trx
        .selectFrom('sportsbook.bet_legs')
        .selectAll()
        .where('bet_id', '=', betId)
        .orderBy('position')
        .execute();
      const held = legs.map((leg) => ({
        selectionId: leg.selection_id,
        price: { num: leg.price_num, den: leg.price_den },
        score:
          leg.score_home === null || leg.score_away === null ? null : { home: leg.score_home, away: leg.score_away },
      }));
      const struck = bet.price_num && bet.price_den ? { num: bet.price_num, den: bet.price_den } : null;
      const now = clock.now();
      const late = now.getTime() > bet.held_until.getTime() + this.deps.policy.judgeWithinMs;
      const verdict = late
        ? { refusal: refuse('NotAccepted') }
        : judgeHold(this.deps.catalogue, held, bet.price_changes, struck);
      if ('refusal' in verdict) {
        // Never sent while held (HELD_DEBIT_MS keeps the worker off, a retry only answers a held bet): abandoned
        // without a wallet call, but rolled back should anything have sent it.
        await abandonDebit(outbox, trx, betId, 'NotSent', verdict.refusal.message);
        await trx
          .updateTable('sportsbook.bets')
          .set({
            status: 'rejected',
            reason: verdict.refusal.message,
            reason_code: verdict.refusal.refusal,
            held_until: null,
            settled_at: now,
          })
          .where('id', '=', betId)
          .execute();
        return 'refused';
      }
      // A Bet Builder pays its one price as it is now (the setting allowed it), not as it was struck.
      const price = verdict.price ?? struck;
      const shape: BetShape = {
        kind: bet.kind,
        stake: bet.stake,
        system:
          bet.system_type && bet.stake_per_line && bet.lines
            ? { type: bet.system_type, stakePerLine: bet.stake_per_line, lines: bet.lines }
            : null,
        price,
        freeBet: bet.free_bet_id !== null,
      };
      const potentialReturns = potentialReturnsOf(shape, verdict.prices);
      // The debit's maximum return follows the prices the hold's end accepted; it is sent for the first time now.
      let body: Record<string, unknown> = {
        ...call.body,
        maxReturn: maxReturnOf(shape, potentialReturns, this.deps.payoutCap ?? NET_PAYOUT_CAP_PENCE),
      };
      const builderMoved = struck !== null && price !== null && !samePrice(struck, price);
      const legsMoved = held.some((leg, index) => !samePrice(leg.price, verdict.prices[index]!));
      if (legsMoved) await this.takePrices(trx, betId, held, verdict.prices);
      if (legsMoved || builderMoved) {
        const described = legs.map((leg, index) => ({
          eventName: leg.event_name,
          selectionName: leg.selection_name,
          price: verdict.prices[index]!,
        }));
        body = { ...body, description: describeBet(shape, described) };
      }
      await trx
        .updateTable('sportsbook.bets')
        .set({
          held_until: null,
          potential_returns: potentialReturns,
          // What settlement pays a Bet Builder (settlementLegsOf): the price the hold's end accepted.
          ...(builderMoved ? { price_num: price.num, price_den: price.den } : {}),
        })
        .where('id', '=', betId)
        .execute();
      await outbox.release(trx, debitId, this.deps.debitHoldMs, body);
      return 'accepted';
    });
    if (decision !== 'not-held') await this.deps.onDecided(betId, decision === 'accepted', debitId);
    return decision;
  }

  private async takePrices(
    trx: Transaction<BetsDatabase>,
    betId: string,
    held: readonly HeldLeg[],
    prices: readonly Price[],
  ): Promise<void> {
    for (const [position, leg] of held.entries()) {
      const price = prices[position]!;
      if (samePrice(leg.price, price)) continue;
      await trx
        .updateTable('sportsbook.bet_legs')
        .set({ price_num: price.num, price_den: price.den })
        .where('bet_id', '=', betId)
        .where('position', '=', position)
        .execute();
    }
  }

  /**
   * Holds that nobody judged in time (their instance stopped, or this one restarted): refused. Holds just ended are
   * left to the timer of the instance that holds them.
   */
  async sweep(): Promise<number> {
    const overdue = await this.deps.db
      .selectFrom('sportsbook.bets')
      .select('id')
      .where('held_until', 'is not', null)
      .where('held_until', '<', new Date(this.deps.clock.now().getTime() - this.deps.policy.judgeWithinMs))
      .where('status', '=', 'pending')
      .orderBy('held_until')
      .limit(500)
      .execute();
    for (const bet of overdue) await this.decide(bet.id);
    return overdue.length;
  }

  startSweeping(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.sweep()
        .catch((error: unknown) => this.deps.log?.('sweeping in-play holds failed', error))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.deps.policy.sweepEveryMs).unref();
        });
    };
    this.timer = setTimeout(tick, this.deps.policy.sweepEveryMs).unref();
  }

  stopSweeping(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
