import { createHash } from 'node:crypto';
import type { Clock } from '../../platform/clock';
import { conflict } from '../../platform/errors';
import { parse } from '../../platform/http/parse';
import { placeBetRequest } from '../../../src/contract/sportsbook';
import {
  NET_PAYOUT_CAP_PENCE,
  OUTRIGHT_SINGLES_ONLY,
  type BetView,
  type PlacementRefusal,
} from '../../../src/contract/sportsbook-rules';
import type { Catalogue } from '../catalogue/types';
import type { SportsbookSession } from '../sessions/service';
import { pamPlayerId } from '../wallet-client';
import type { WalletOutbox } from '../wallet/outbox';
import { describeBet, maxReturnOf, potentialReturnsOf, type BetShape } from './describe';
import type { InPlayHolds } from './inplay-delay';
import { priceChangesOf, requestHashParts } from './price-changes';
import { PlacementRefused, refuseOutOfRange, stillAsStruck, strikeSlip, type StruckLeg } from './slip';
import { strikeBetBuilder } from './bet-builder';
import { BetStore } from './store-bet';
import { systemStake } from './system-bets';
import type { BetsDb } from './tables';
import type { BetViews } from './views';
import { abandonDebit, debitCallId } from './wallet-calls';

export interface PlacementPolicy {
  /** Debit attempts before answering 202 pending, and the pause between them. */
  inlineTries: number;
  inlinePauseMs: number;
  /** How long the outbox worker leaves a new debit to its placement before taking it over. */
  holdMs: number;
}

export const defaultPlacementPolicy: PlacementPolicy = { inlineTries: 2, inlinePauseMs: 200, holdMs: 20_000 };

/** 201 accepted, 202 pending (the wallet's answer not yet known), 422 refused. */
export type PlacementAnswer =
  { statusCode: 201 | 202; body: { bet: BetView } } | { statusCode: 422; body: ReturnType<PlacementRefused['body']> };

/** A held (in-play) debit's next attempt: never, until the hold's end releases it (or its refusal abandons it). */
const HELD_DEBIT_MS = 10 * 365 * 24 * 60 * 60 * 1000;

/** Words for the wallet's refusals of a stake, as the slip shows them. */
export function refusalOfDebit(code: string): { message: string; code: PlacementRefusal } {
  switch (code) {
    case 'InsufficientFunds':
      return { message: 'Your balance is too low for this stake.', code: 'InsufficientFunds' };
    case 'PlayerBlocked':
      return {
        message: 'Your account cannot place bets at the moment. Please check your account or contact support.',
        code: 'PlayerBlocked',
      };
    case 'SessionExpired':
      return { message: 'Your session has ended. Please log in again to place this bet.', code: 'SessionExpired' };
    case 'FreeBetUnavailable':
      return { message: 'This free bet is no longer available.', code: 'FreeBetUnavailable' };
    default:
      return {
        message: 'Your bet could not be accepted. Any amount taken for it is returned to your balance.',
        code: 'NotAccepted',
      };
  }
}

/**
 * Placement: check the slip, store the bet (pending) with its legs, struck prices, potential returns and its debit
 * call in one statement, then debit through the outbox, outside any transaction. Bets placed at the same moment
 * share that statement, the wallet call that debits them and the statement that records the answers (group commit:
 * store-bet.ts, the outbox), each keeping its own id, debit and outcome. A bet id is the browser's: the same id
 * again answers what became of the first placement and never places a second bet.
 */
export class PlacementService {
  private readonly store: BetStore;

  constructor(
    private readonly db: BetsDb,
    private readonly catalogue: Catalogue,
    private readonly outbox: WalletOutbox,
    private readonly views: BetViews,
    private readonly clock: Clock,
    private readonly policy: PlacementPolicy = defaultPlacementPolicy,
    /** The in-play delay; without it no bet is held. */
    private readonly holds?: InPlayHolds,
    /** The net payout cap, pence, as settlement applies it: part of the bet's maximum return its debit carries. */
    private readonly cap: number = NET_PAYOUT_CAP_PENCE,
  ) {
    this.store = new BetStore(db, outbox);
  }

  async place(session: SportsbookSession, body: unknown): Promise<PlacementAnswer> {
    try {
      return await this.placeOrThrow(session, body);
    } catch (error) {
      if (error instanceof PlacementRefused) return { statusCode: 422, body: error.body() };
      throw error;
    }
  }

  private async placeOrThrow(session: SportsbookSession, body: unknown): Promise<PlacementAnswer> {
    refuseOutOfRange(body);
    const request = parse(placeBetRequest, body);
    const priceChanges = priceChangesOf(request);
    // A free bet's token and a Bet Builder's one price are in the hash too (other bets hash as before).
    const requestHash = createHash('sha256')
      .update(
        JSON.stringify([
          ...requestHashParts(request, priceChanges),
          ...(request.freeBetId ? [request.freeBetId] : []),
          ...(request.price ? [request.price] : []),
        ]),
      )
      .digest('hex');

    const system = request.system ? systemStake(request.system, request.stake, request.selections.length) : null;
    // A bet id already placed answers what became of it, whatever the slip's prices do now: looked up only when the
    // slip is refused, since storing finds a placed id by itself (and answers it below) at no extra round trip.
    let legs: StruckLeg[];
    let builder: ReturnType<typeof strikeBetBuilder> | undefined;
    try {
      // A Bet Builder: its legs from one match, checked and priced as one (bet-builder.ts); paid at its one price.
      builder = request.price
        ? strikeBetBuilder(
            this.catalogue,
            request.selections.map((s) => s.selectionId),
            request.price,
            priceChanges,
          )
        : undefined;
      legs = builder?.legs ?? strikeSlip(this.catalogue, request.selections, priceChanges);
      if (request.kind !== 'single' && legs.some((leg) => leg.quote.spec.type === 'outright'))
        throw new PlacementRefused(OUTRIGHT_SINGLES_ONLY, 'SinglesOnly');
    } catch (error) {
      if (!(error instanceof PlacementRefused) || !(await this.answerFor(request.betId, session, requestHash)))
        throw error;
      return this.retryDebit(request.betId, session, requestHash);
    }
    const shape: BetShape = {
      kind: request.kind,
      stake: system?.total ?? request.stake,
      system,
      price: builder?.quote.price ?? null,
      freeBet: request.freeBetId !== undefined,
    };
    const potentialReturns = potentialReturnsOf(
      shape,
      legs.map((leg) => leg.price),
    );
    const now = this.clock.now();
    const held = this.holds?.needsHold(legs) ? this.holds : undefined;
    const debitId = debitCallId(request.betId);
    const stored = await this.store.store(
      {
        bet: {
          id: request.betId,
          player_id: session.playerId,
          session_id: session.id,
          kind: request.kind,
          stake: shape.stake,
          system_type: system?.type ?? null,
          stake_per_line: system?.stakePerLine ?? null,
          lines: system?.lines ?? null,
          price_changes: priceChanges,
          held_until: held ? held.heldUntil(now) : null,
          status: 'pending',
          potential_returns: potentialReturns,
          returns: null,
          reason: null,
          reason_code: null,
          request_hash: requestHash,
          debit_call_id: debitId,
          placed_at: now,
          settled_at: null,
          free_bet_id: request.freeBetId ?? null,
          // Named for every bet (null but for a Bet Builder): bets of one shape are stored together.
          price_num: builder?.quote.price.num ?? null,
          price_den: builder?.quote.price.den ?? null,
        },
        legs: legs.map(({ quote, price }, position) => ({
          bet_id: request.betId,
          position,
          selection_id: quote.selectionId,
          market_id: quote.marketId,
          event_id: quote.eventId,
          event_name: quote.eventName,
          kickoff_at: quote.kickoffAt,
          market_name: quote.marketName,
          selection_name: quote.selectionName,
          spec: quote.spec,
          selection_key: quote.selectionKey,
          price_num: price.num,
          price_den: price.den,
          score_home: quote.eventStatus === 'live' ? quote.score.home : null,
          score_away: quote.eventStatus === 'live' ? quote.score.away : null,
        })),
        debit: {
          id: debitId,
          body: {
            transactionId: debitId,
            betId: request.betId,
            playerId: pamPlayerId(session.playerId),
            sessionId: session.pamSessionId,
            amount: shape.stake,
            maxReturn: maxReturnOf(shape, potentialReturns, this.cap),
            description: describeBet(
              shape,
              legs.map(({ quote, price }) => ({
                eventName: quote.eventName,
                selectionName: quote.selectionName,
                price,
              })),
            ),
            ...(request.freeBetId ? { freeBetId: request.freeBetId } : {}),
          },
        },
      },
      // A held bet's debit is stored now (its id and body fixed before anything is sent), sent only if the hold's end accepts it.
      held ? HELD_DEBIT_MS : this.policy.holdMs,
    );
    // The same bet id placed twice at once: the other placement stored it; answer what became of it.
    if (!stored) return this.retryDebit(request.betId, session, requestHash);
    if (held) {
      held.start(request.betId);
      return { statusCode: 202, body: { bet: stored.view('pending') } };
    }
    const { debit, view } = stored;
    // The market may have closed (settled), been suspended or moved while the bet was stored: such a bet is not
    // accepted, and this placement never sends its debit (one a retry or the worker sent meanwhile is rolled back).
    // Checked after the commit, so a settlement announced later sees its legs.
    const changed = stillAsStruck(this.catalogue, legs);
    if (changed) {
      await this.db.transaction().execute(async (trx) => {
        if (await abandonDebit(this.outbox, trx, request.betId, 'NotSent', changed.message)) {
          await trx
            .updateTable('sportsbook.bets')
            .set({
              status: 'rejected',
              reason: changed.message,
              reason_code: changed.refusal,
              settled_at: this.clock.now(),
            })
            .where('id', '=', request.betId)
            .where('status', '=', 'pending')
            .execute();
        }
      });
    } else {
      const debited = await this.outbox.sendHeld(debit, this.policy.inlineTries, this.policy.inlinePauseMs);
      // Accepted and its markets as struck (so not settled at once): the answer is what was written, no re-read.
      if (
        debited !== 'unanswered' &&
        debited !== 'not-pending' &&
        debited.state === 'done' &&
        !stillAsStruck(this.catalogue, legs)
      ) {
        return { statusCode: 201, body: { bet: view('open') } };
      }
    }
    return (await this.answerFor(request.betId, session, requestHash)) ?? this.unknown();
  }

  /** A retry of a placement still pending sends its debit again (same id, same body) before answering. */
  private async retryDebit(betId: string, session: SportsbookSession, requestHash: string): Promise<PlacementAnswer> {
    const answer = await this.answerFor(betId, session, requestHash);
    if (answer?.statusCode !== 202) return answer ?? this.unknown();
    // Held for the in-play delay: nothing to send yet (the hold's end decides), and nothing is placed twice.
    if (answer.body.bet.heldUntil !== null) return answer;
    await this.outbox.attempt(debitCallId(betId));
    return (await this.answerFor(betId, session, requestHash)) ?? this.unknown();
  }

  /** What became of an earlier placement under this bet id, or undefined if there was none. */
  private async answerFor(
    betId: string,
    session: SportsbookSession,
    requestHash: string,
  ): Promise<PlacementAnswer | undefined> {
    const bet = await this.db
      .selectFrom('sportsbook.bets')
      .select(['player_id', 'request_hash', 'status', 'reason', 'reason_code'])
      .where('id', '=', betId)
      .executeTakeFirst();
    if (!bet) return undefined;
    if (bet.player_id !== session.playerId || bet.request_hash !== requestHash) {
      throw conflict('This bet id was already used for a different bet.', 'BetIdReused');
    }
    if (bet.status === 'rejected') {
      const refusal = new PlacementRefused(
        bet.reason ?? 'Your bet could not be accepted.',
        (bet.reason_code as PlacementRefusal | null) ?? 'NotAccepted',
      );
      return { statusCode: 422, body: refusal.body() };
    }
    const view = await this.views.one(betId);
    return { statusCode: bet.status === 'pending' ? 202 : 201, body: { bet: view! } };
  }

  private unknown(): never {
    throw new Error('a stored bet vanished');
  }
}
