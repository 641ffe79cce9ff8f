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
} from '../../../src/contract/sportsbook-rules';
import { CASH_OUT_MARGIN_BP, cashOutOffer, stakeCashedFor } from '../../../src/contract/rules/cash-out-value';
import { formatPence } from '../../../src/contract/rules/money';
import { returnsFor } from '../../../src/contract/rules/odds';
import type { Catalogue } from '../catalogue/types';
import type { SportsbookSession } from '../sessions/service';
import { pamPlayerId } from '../wallet-client';
import type { WalletOutbox } from '../wallet/outbox';
import { lockPayoutWindows } from './payout-window';
import { applyPayoutCap, netPaidInWindow } from './settlement';
import type { BetsDatabase, BetsDb } from './tables';
import type { BetViews } from './views';

export interface CashOutPolicy {
  /** How long a press waits before the bet is re-valued and settled (a goal in that time must not be cashed at the old value). */
  delayMs: number;
  marginBp: number;
  /** A press still undecided this long after it began (its server stopped mid-delay) is refused when asked about again. */
  abandonAfterMs: number;
}

export const defaultCashOutPolicy: CashOutPolicy = {
  delayMs: 3_000,
  marginBp: CASH_OUT_MARGIN_BP,
  abandonAfterMs: 60_000,
};

export type CashOutResult =
  { statusCode: 200; body: CashOutAnswer } | { statusCode: 422; body: { message: string; code: CashOutRefusal } };

export const cashOutCallId = (requestId: string) => `cashout:${requestId}`;

class Refusal extends Error {
  constructor(
    readonly code: CashOutRefusal,
    message: string,
  ) {
    super(message);
  }
}

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Cash out (Betting Rules: "Cash out settles an unsettled bet immediately at its current value; it is refused with an
 * on-screen message if the offer is removed or the odds change during the delay"). A press names the offer the
 * customer saw; after the delay the bet is re-valued from the live prices (src/contract/rules/cash-out-value.ts) under
 * the bet's row lock, and either settled at once (its returns stored and a credit written to the outbox in the same
 * transaction) or refused. The bet's lock and `status = 'open'` make two presses, or a press and settlement, pay once;
 * the request id the browser made makes a retried press answer what the first one got.
 */
export class CashOutService {
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

  /**
   * The offer on an open bet now, or null (src/contract/rules/cash-out-value.ts); what My Bets shows, from the same
   * prices.
   */
  async offerFor(betId: string, db: BetsDb | Transaction<BetsDatabase> = this.db): Promise<number | null> {
    const bet = await db
      .selectFrom('sportsbook.bets')
      .select(['stake', 'status', 'free_bet_id', 'system_type', 'kind'])
      .where('id', '=', betId)
      .executeTakeFirst();
    // A Bet Builder's legs go together: their prices one by one cannot value it.
    if (
      !bet ||
      bet.status !== 'open' ||
      bet.free_bet_id !== null ||
      bet.system_type !== null ||
      bet.kind === 'bet-builder'
    )
      return null;
    return this.value(db, betId, bet.stake);
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

    const earlier = await this.answerFor(request.requestId, betId, session.playerId);
    if (earlier) return earlier;
    const full = request.amount === undefined || request.amount >= request.offer;
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
    if (!inserted) return this.awaitAnswer(request.requestId, betId, session.playerId);

    await this.wait(this.policy.delayMs);
    const creditId = await this.db.transaction().execute((trx) => this.decide(trx, request.requestId));
    if (creditId) await this.outbox.attempt(creditId);
    await this.onChanged([betId]);
    return (await this.answerFor(request.requestId, betId, session.playerId))!;
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
          description: partial ? 'Partial cash out' : 'Cash out',
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

  /** The bet's value from its legs and the catalogue's prices now. */
  private async value(db: BetsDb | Transaction<BetsDatabase>, betId: string, stake: number): Promise<number | null> {
    const legs = await db
      .selectFrom('sportsbook.bet_legs')
      .select(['selection_id', 'price_num', 'price_den', 'result'])
      .where('bet_id', '=', betId)
      .execute();
    return cashOutOffer(
      stake,
      legs.map((leg) => {
        const quote = leg.result === 'open' ? this.catalogue.quote(leg.selection_id) : undefined;
        return {
          price: { num: leg.price_num, den: leg.price_den },
          result: leg.result,
          current: quote ? { price: quote.price, status: quote.status } : null,
        };
      }),
      this.policy.marginBp,
    );
  }

  /** What a press already made got; undefined for a new request id. */
  private async answerFor(requestId: string, betId: string, playerId: string): Promise<CashOutResult | undefined> {
    const press = await this.db
      .selectFrom('sportsbook.cash_outs')
      .selectAll()
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    if (!press) return undefined;
    if (press.bet_id !== betId || press.player_id !== playerId)
      throw conflict('This request id was already used for another cash out.', 'RequestIdReused');
    if (press.state === 'pending') {
      if (this.clock.now().getTime() - press.created_at.getTime() < this.policy.abandonAfterMs) return undefined;
      await this.db
        .updateTable('sportsbook.cash_outs')
        .set({
          state: 'refused',
          refusal_code: 'CashOutUnavailable',
          refusal: CASH_OUT_MESSAGES.removed,
          decided_at: this.clock.now(),
        })
        .where('request_id', '=', requestId)
        .where('state', '=', 'pending')
        .execute();
      return this.answerFor(requestId, betId, playerId);
    }
    if (press.state === 'refused')
      return { statusCode: 422, body: { message: press.refusal!, code: press.refusal_code as CashOutRefusal } };
    const bet: BetView = (await this.views.one(betId))!;
    return { statusCode: 200, body: { bet, paid: press.paid! } };
  }

  /** A second press with the same request id while the first is in its delay: waits for the first one's answer. */
  private async awaitAnswer(requestId: string, betId: string, playerId: string): Promise<CashOutResult> {
    for (;;) {
      const answer = await this.answerFor(requestId, betId, playerId);
      if (answer) return answer;
      await new Promise((resolve) => setTimeout(resolve, Math.min(200, Math.max(5, this.policy.delayMs / 4))));
    }
  }
}
