import type { Transaction } from 'kysely';
import type { Clock } from '../../platform/clock';
import { conflict, notFound } from '../../platform/errors';
import { parse } from '../../platform/http/parse';
import { cashOutRequest } from '../../../src/contract/sportsbook';
import {
  CASH_OUT_MESSAGES,
  MIN_STAKE_PENCE,
  NET_PAYOUT_CAP_PENCE,
  type BetView,
  type CashOutAnswer,
  type CashOutRefusal,
  type LegResult,
} from '../../../src/contract/sportsbook-rules';
import { stakeCashedFor } from '../../../src/contract/rules/cash-out-value';
import { CASH_OUT_DESCRIPTIONS } from '../../../src/contract/games';
import { formatPence } from '../../../src/contract/rules/money';
import { returnsFor } from '../../../src/contract/rules/odds';
import type { Catalogue } from '../catalogue/types';
import { selectionChances, type SelectionChances } from '../markets';
import { CASH_OUT_MARGIN_BP, cashOutValue } from './cash-out-value';
import type { SportsbookSession } from '../sessions/service';
import { pamPlayerId } from '../wallet-client';
import type { WalletOutbox } from '../wallet/outbox';
import { lockPayoutWindows } from './payout-window';
import { applyPayoutCap, netPaidInWindow } from './settlement';
import type { Selectable } from 'kysely';
import type { BetsDatabase, BetsDb, CashOutsTable } from './tables';
import { openBetsFirstPage, type BetViews } from './views';

export interface CashOutPolicy {
  /** How long a press waits before the bet is re-valued and settled (a goal in that time must not be cashed at the old value). */
  delayMs: number;
  marginBp: number;
  /**
   * A press still undecided this long after it began, and not being decided by this instance (another one stopped
   * mid-delay), is refused when asked about again: well inside a browser's 20 s wait for its answer.
   */
  abandonAfterMs: number;
}

export const defaultCashOutPolicy: CashOutPolicy = {
  delayMs: 3_000,
  marginBp: CASH_OUT_MARGIN_BP,
  abandonAfterMs: 10_000,
};

export type CashOutResult =
  { statusCode: 200; body: CashOutAnswer } | { statusCode: 422; body: { message: string; code: CashOutRefusal } };

const cashOutCallId = (requestId: string) => `cashout:${requestId}`;

class Refusal extends Error {
  constructor(
    readonly code: CashOutRefusal,
    message: string,
  ) {
    super(message);
  }
}

type Press = Selectable<CashOutsTable>;

type BetRow = {
  id: string;
  player_id: string;
  status: string;
  stake: number;
  free_bet_id: string | null;
  system_type: string | null;
  kind: string;
};
const BET_COLUMNS = ['id', 'player_id', 'status', 'stake', 'free_bet_id', 'system_type', 'kind'] as const;

type LegRow = {
  selection_id: string;
  price_num: number;
  price_den: number;
  result: LegResult;
  dead_heat_ways: number | null;
};

/** What a press asks for, as stored: a full cash out has no amount. */
interface Asked {
  betId: string;
  playerId: string;
  offer: number;
  amount: number | null;
}

const samePress = (press: Press, asked: Asked): boolean =>
  press.bet_id === asked.betId &&
  press.player_id === asked.playerId &&
  press.offer_seen === asked.offer &&
  (press.full_cash_out ? asked.amount === null : press.amount_asked === asked.amount);

/**
 * The bets cash out is offered on: not free bets (their stake is not the customer's), not system bets, and not Bet
 * Builders (none was ever offered: their legs settle together, so leg-by-leg chances cannot value them).
 */
const offeredOn = (bet: Pick<BetRow, 'free_bet_id' | 'system_type' | 'kind'>): boolean =>
  bet.free_bet_id === null && bet.system_type === null && bet.kind !== 'bet-builder';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Cash out (Betting Rules: "Cash out settles an unsettled bet immediately at its current value; it is refused with an
 * on-screen message if the offer is removed or the odds change during the delay"). A press names the offer the
 * customer saw; after the delay the bet is re-valued from the score model (cash-out-value.ts) under the bet's row
 * lock, and either settled at once (its returns stored and a credit written to the outbox in the same transaction) or
 * refused. The bet's lock and `status = 'open'` make two presses, or a press and settlement, pay once; the request id
 * the browser made makes a retried press answer what the first one got, and the same id with another body a 409.
 */
export class CashOutService {
  /** Presses this instance is waiting out or deciding: asked about meanwhile, they are awaited, never given up on. */
  private readonly deciding = new Set<string>();

  constructor(
    private readonly db: BetsDb,
    private readonly catalogue: Catalogue,
    private readonly outbox: WalletOutbox,
    private readonly views: BetViews,
    private readonly clock: Clock,
    private readonly onChanged: (betIds: string[]) => Promise<void>,
    private readonly policy: CashOutPolicy = defaultCashOutPolicy,
    private readonly cap: number = NET_PAYOUT_CAP_PENCE,
    private readonly wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** The offer on an open bet now, or null (cash-out-value.ts): the figure a press is paid if nothing moves. */
  async offerFor(betId: string, db: BetsDb | Transaction<BetsDatabase> = this.db): Promise<number | null> {
    const bet = await db
      .selectFrom('sportsbook.bets')
      .select(['stake', 'status', 'free_bet_id', 'system_type', 'kind'])
      .where('id', '=', betId)
      .executeTakeFirst();
    if (!bet || bet.status !== 'open' || !offeredOn(bet)) return null;
    return this.value(db, betId, bet.stake);
  }

  /** The offer on each of the player's open bets now (what My Bets shows), newest first as My Bets lists them. */
  async offersFor(playerId: string): Promise<Array<{ betId: string; offer: number | null }>> {
    const bets = await openBetsFirstPage(this.db, playerId);
    const valued = bets.filter(offeredOn);
    const legs =
      valued.length === 0
        ? []
        : await this.db
            .selectFrom('sportsbook.bet_legs')
            .select(['bet_id', 'selection_id', 'price_num', 'price_den', 'result', 'dead_heat_ways'])
            .where(
              'bet_id',
              'in',
              valued.map((bet) => bet.id),
            )
            .execute();
    const chances = this.chancesNow();
    return bets.map((bet) => ({
      betId: bet.id,
      offer: valued.includes(bet)
        ? this.offerOf(
            bet.stake,
            legs.filter((leg) => leg.bet_id === bet.id),
            chances,
          )
        : null,
    }));
  }

  /**
   * On start: a press whose delay a stop interrupted has nobody to decide it. It is refused at once (nothing was
   * paid: a paid press is decided in the transaction that pays it), never judged late.
   */
  async refuseInterrupted(): Promise<number> {
    const now = this.clock.now();
    const refused = await this.db
      .updateTable('sportsbook.cash_outs')
      .set({
        state: 'refused',
        refusal_code: 'CashOutUnavailable',
        refusal: CASH_OUT_MESSAGES.interrupted,
        decided_at: now,
      })
      .where('state', '=', 'pending')
      .where('created_at', '<=', now)
      .executeTakeFirst();
    return Number(refused.numUpdatedRows);
  }

  async cashOut(session: SportsbookSession, betId: string, body: unknown): Promise<CashOutResult> {
    const request = parse(cashOutRequest, body);
    if (!UUID.test(betId)) throw notFound('No such bet');
    const bet = await this.db
      .selectFrom('sportsbook.bets')
      .select(BET_COLUMNS)
      .where('id', '=', betId)
      .executeTakeFirst();
    // Another customer's bet is as unknown as no bet at all.
    if (!bet || bet.player_id !== session.playerId) throw notFound('No such bet');

    const full = request.amount === undefined || request.amount >= request.offer;
    const asked: Asked = {
      betId,
      playerId: session.playerId,
      offer: request.offer,
      amount: full ? null : request.amount!,
    };
    const earlier = await this.answerFor(request.requestId, asked);
    if (earlier) return earlier;
    try {
      await this.refuseUnlessOffered(bet, request.offer, request.amount);
    } catch (error) {
      if (error instanceof Refusal) return { statusCode: 422, body: { message: error.message, code: error.code } };
      throw error;
    }

    const inserted = await this.db
      .insertInto('sportsbook.cash_outs')
      .values({
        request_id: request.requestId,
        bet_id: betId,
        player_id: session.playerId,
        full_cash_out: full,
        offer_seen: request.offer,
        amount_asked: full ? null : request.amount!,
        state: 'pending',
        paid: null,
        stake_cashed: null,
        refusal_code: null,
        refusal: null,
        created_at: this.clock.now(),
        decided_at: null,
      })
      .onConflict((oc) => oc.column('request_id').doNothing())
      .returning('request_id')
      .executeTakeFirst();
    // The same press twice at once: the other one decides it; answer what it decided.
    if (!inserted) return this.awaitAnswer(request.requestId, asked);

    this.deciding.add(request.requestId);
    let creditId: string | undefined;
    try {
      await this.wait(this.policy.delayMs);
      creditId = await this.db.transaction().execute((trx) => this.decide(trx, request.requestId));
    } finally {
      this.deciding.delete(request.requestId);
    }
    if (creditId) await this.outbox.attempt(creditId);
    await this.onChanged([betId]);
    return (await this.answerFor(request.requestId, asked))!;
  }

  /** Before the delay: what can be told at once (a settled or free bet, no offer, an amount above it) moves nothing. */
  private async refuseUnlessOffered(bet: BetRow, offerSeen: number, amount: number | undefined): Promise<void> {
    this.refuseUnlessOpen(bet);
    const offer = await this.value(this.db, bet.id, bet.stake);
    if (offer === null) throw new Refusal('CashOutUnavailable', CASH_OUT_MESSAGES.unavailable);
    if (amount !== undefined && amount > offerSeen)
      throw new Refusal(
        'AmountAboveValue',
        `You can cash out at most ${formatPence(Math.min(offer, offerSeen))} on this bet.`,
      );
    if (
      amount !== undefined &&
      amount < offerSeen &&
      bet.stake - stakeCashedFor(bet.stake, amount, Math.max(offer, offerSeen)) < MIN_STAKE_PENCE
    ) {
      throw new Refusal('RemainderTooSmall', CASH_OUT_MESSAGES.remainder);
    }
  }

  private refuseUnlessOpen(bet: Pick<BetRow, 'status' | 'free_bet_id' | 'system_type' | 'kind'>): void {
    if (bet.free_bet_id !== null) throw new Refusal('FreeBetCashOut', CASH_OUT_MESSAGES.freeBet);
    if (bet.system_type !== null) throw new Refusal('CashOutUnavailable', CASH_OUT_MESSAGES.systemBet);
    if (bet.kind === 'bet-builder') throw new Refusal('CashOutUnavailable', CASH_OUT_MESSAGES.betBuilder);
    if (bet.status === 'cashed-out') throw new Refusal('BetSettled', CASH_OUT_MESSAGES.cashedOut);
    if (bet.status === 'pending') throw new Refusal('CashOutUnavailable', CASH_OUT_MESSAGES.notAccepted);
    if (bet.status === 'rejected') throw new Refusal('BetSettled', CASH_OUT_MESSAGES.notPlaced);
    if (bet.status !== 'open') throw new Refusal('BetSettled', CASH_OUT_MESSAGES.settled);
  }

  /**
   * After the delay, under the bet's row lock: re-value, then settle the bet (or the part) or refuse. Returns the id
   * of the credit to send, if one was written.
   */
  private async decide(trx: Transaction<BetsDatabase>, requestId: string): Promise<string | undefined> {
    // The press is locked too: a late answerFor that gives up on it (abandonAfterMs) waits, then finds it decided.
    const press = await trx
      .selectFrom('sportsbook.cash_outs')
      .selectAll()
      .where('request_id', '=', requestId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const bet = await trx
      .selectFrom('sportsbook.bets')
      .select(BET_COLUMNS)
      .where('id', '=', press.bet_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const now = this.clock.now();
    const refuse = async (code: CashOutRefusal, message: string) => {
      await trx
        .updateTable('sportsbook.cash_outs')
        .set({ state: 'refused', refusal_code: code, refusal: message, decided_at: now })
        .where('request_id', '=', requestId)
        .where('state', '=', 'pending')
        .execute();
      return undefined;
    };
    if (press.state !== 'pending') return undefined;
    try {
      this.refuseUnlessOpen(bet);
    } catch (error) {
      if (error instanceof Refusal) return refuse(error.code, error.message);
      throw error;
    }
    const offer = await this.value(trx, bet.id, bet.stake);
    if (offer === null) return refuse('CashOutUnavailable', CASH_OUT_MESSAGES.removed);
    // "Refused ... if the odds change during the delay": a value that rose is refused too, so the customer is paid
    // exactly the offer they pressed, never a figure they did not see.
    if (offer !== press.offer_seen) return refuse('CashOutValueChanged', CASH_OUT_MESSAGES.changed);

    // A partial cash out pays the amount asked for, taking the matching part of the stake at that value.
    const partial = !press.full_cash_out && press.amount_asked !== null && press.amount_asked < offer;
    const asked = partial ? press.amount_asked! : offer;
    const stakeCashed = partial ? stakeCashedFor(bet.stake, asked, offer) : bet.stake;
    const remainder = bet.stake - stakeCashed;
    if (partial && remainder < MIN_STAKE_PENCE) return refuse('RemainderTooSmall', CASH_OUT_MESSAGES.remainder);

    const window = (await lockPayoutWindows(trx, [bet.player_id], now))(bet.player_id);
    const paid =
      asked > stakeCashed ? applyPayoutCap(asked, stakeCashed, netPaidInWindow(window, now), this.cap) : asked;
    const creditId = cashOutCallId(requestId);
    if (partial) {
      const legs = await trx
        .selectFrom('sportsbook.bet_legs')
        .select(['price_num', 'price_den', 'result'])
        .where('bet_id', '=', bet.id)
        .execute();
      const prices = legs
        .filter((leg) => leg.result !== 'void')
        .map((leg) => ({ num: leg.price_num, den: leg.price_den }));
      await trx
        .updateTable('sportsbook.bets')
        .set((eb) => ({
          stake: remainder,
          potential_returns: returnsFor(remainder, prices),
          cashed_out_stake: eb('cashed_out_stake', '+', stakeCashed),
          cashed_out: eb('cashed_out', '+', paid),
        }))
        .where('id', '=', bet.id)
        .where('status', '=', 'open')
        .execute();
    } else {
      await trx
        .updateTable('sportsbook.bets')
        .set({ status: 'cashed-out', returns: paid, capped_by: asked - paid, settled_at: now })
        .where('id', '=', bet.id)
        .where('status', '=', 'open')
        .execute();
    }
    await trx
      .insertInto('sportsbook.payout_nets')
      .values({
        bet_id: bet.id,
        player_id: bet.player_id,
        stake: stakeCashed,
        returns: paid,
        settled_at: now,
        part: requestId,
      })
      .execute();
    await this.outbox.add(trx, [
      {
        id: creditId,
        kind: 'credit',
        betId: bet.id,
        body: {
          transactionId: creditId,
          betId: bet.id,
          playerId: pamPlayerId(bet.player_id),
          amount: paid,
          closesBet: !partial,
          description: partial ? CASH_OUT_DESCRIPTIONS.partial : CASH_OUT_DESCRIPTIONS.full,
        },
      },
    ]);
    await trx
      .updateTable('sportsbook.cash_outs')
      .set({ state: 'accepted', paid, stake_cashed: stakeCashed, decided_at: now })
      .where('request_id', '=', requestId)
      .where('state', '=', 'pending')
      .execute();
    return creditId;
  }

  /** The bet's offer from its legs and the score model's chances now. */
  private async value(db: BetsDb | Transaction<BetsDatabase>, betId: string, stake: number): Promise<number | null> {
    const legs = await db
      .selectFrom('sportsbook.bet_legs')
      .select(['selection_id', 'price_num', 'price_den', 'result', 'dead_heat_ways'])
      .where('bet_id', '=', betId)
      .execute();
    return this.offerOf(stake, legs, this.chancesNow());
  }

  private offerOf(stake: number, legs: readonly LegRow[], chances: (selectionId: string) => SelectionChances | null) {
    return (
      cashOutValue(
        stake,
        legs.map((leg) => ({
          price: { num: leg.price_num, den: leg.price_den },
          result: leg.result,
          chances: leg.result === 'open' ? chances(leg.selection_id) : null,
          deadHeatWays: leg.dead_heat_ways,
        })),
        this.policy.marginBp,
      )?.offer ?? null
    );
  }

  /**
   * An open leg's chances from the model, on its match's state now; none while its selection is not offered (a
   * suspended or closed market: the offer's refusal rules), nor for an outright (matchPricing has none: a league's
   * season is simulated, re-priced a minute apart, so no value computed from it follows the matches as they play).
   */
  private chancesNow(): (selectionId: string) => SelectionChances | null {
    const pricing = new Map<string, ReturnType<Catalogue['matchPricing']>>();
    return (selectionId) => {
      const quote = this.catalogue.quote(selectionId);
      if (!quote || quote.status !== 'open' || quote.price === null || quote.spec.type === 'outright') return null;
      if (!pricing.has(quote.eventId)) pricing.set(quote.eventId, this.catalogue.matchPricing(quote.eventId));
      const match = pricing.get(quote.eventId);
      return match ? selectionChances(match.rates, match.state, quote.spec, quote.selectionKey) : null;
    };
  }

  /**
   * What a press already made got; undefined for a new request id, or for a press still being decided. The same id
   * with another bet, customer, offer or amount is another press, refused 409 as placement refuses a reused bet id.
   */
  private async answerFor(requestId: string, asked: Asked): Promise<CashOutResult | undefined> {
    const press = await this.db
      .selectFrom('sportsbook.cash_outs')
      .selectAll()
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    if (!press) return undefined;
    if (!samePress(press, asked))
      throw conflict('This request id was already used for another cash out.', 'RequestIdReused');
    if (press.state === 'pending') {
      if (
        this.deciding.has(requestId) ||
        this.clock.now().getTime() - press.created_at.getTime() < this.policy.abandonAfterMs
      )
        return undefined;
      await this.db
        .updateTable('sportsbook.cash_outs')
        .set({
          state: 'refused',
          refusal_code: 'CashOutUnavailable',
          refusal: CASH_OUT_MESSAGES.interrupted,
          decided_at: this.clock.now(),
        })
        .where('request_id', '=', requestId)
        .where('state', '=', 'pending')
        .execute();
      return this.answerFor(requestId, asked);
    }
    if (press.state === 'refused')
      return { statusCode: 422, body: { message: press.refusal!, code: press.refusal_code as CashOutRefusal } };
    const bet: BetView = (await this.views.one(asked.betId))!;
    return { statusCode: 200, body: { bet, paid: press.paid! } };
  }

  /** A second press with the same request id while the first is in its delay: waits for the first one's answer. */
  private async awaitAnswer(requestId: string, asked: Asked): Promise<CashOutResult> {
    for (;;) {
      const answer = await this.answerFor(requestId, asked);
      if (answer) return answer;
      await new Promise((resolve) => setTimeout(resolve, Math.min(200, Math.max(5, this.policy.delayMs / 4))));
    }
  }
}
