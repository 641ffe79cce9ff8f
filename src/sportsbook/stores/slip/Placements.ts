import type { BetView, Price, PriceChangePolicy } from '../../../contract/sportsbook-rules';
import type { PlacementRefusalBody } from '../../../contract/sportsbook';
import { ApiError } from '../../services/api';
import {
  isFinal,
  serverMayCorrect,
  type Placement,
  type PlacementApi,
  type PlacementState,
  type SlipBet,
  type SlipSelection,
} from './model';
import {
  CHECK_LAST_BET,
  HELD_MESSAGE,
  NOT_PLACED_MESSAGE,
  PLACED_AFTER_ALL,
  PLACING_LAST_BET,
  placementAnnouncement,
  refusalWords,
  SESSION_ENDED,
  WAIT_FOR_LAST_BET,
} from './wording';

/** After a placement was found not placed, how long before the server is asked about it once more. */
const RECHECK_NOT_PLACED_MS = 10_000;
export const SET_ASIDE_MAX = 5;

interface PlacementClock {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
}

export type PlacementChange = 'kept' | 'moved' | 'accepted';

interface PlacementsDeps {
  api: PlacementApi;
  clock: PlacementClock;
  randomUUID: () => string;
  online: () => boolean;
  formatPrice: (price: Price) => string;
  /** Says a placement's progress to screen readers. */
  announce: (text: string) => void;
  /** A refusal that reports new prices or states of the slip's selections. */
  onRefusal: (refusal: PlacementRefusalBody) => void;
  /**
   * What changed: 'kept' (only what is stored), 'moved' (a placement's state, which the slip's notice follows) or
   * 'accepted' (a bet the server took).
   */
  onChange: (change: PlacementChange) => void;
}

/**
 * The honest life of each bet sent: placing, held in play, pending, checked after a lost answer, then accepted,
 * refused or found not placed. Every outcome comes from the server by the bet's id (its answer, a push, or a check),
 * so a bet is never sent twice under new ids.
 */
export class Placements {
  list: Placement[] = [];
  /**
   * Placements found not placed that the customer has moved on from (Back to bet slip, a new selection): their lost
   * request may still land, so a late push or check still finds them and brings a bet that went on after all back
   * into view, instead of the customer believing it lost and betting twice. Forgotten once asked again and still
   * unknown to the server.
   */
  setAside: Placement[] = [];

  constructor(private readonly deps: PlacementsDeps) {}

  /** The placements the slip's bets make, each with a new bet id, not sent yet. */
  forBets(bets: SlipBet[], priceChanges: PriceChangePolicy): Placement[] {
    return bets.map((bet) => ({
      request: {
        betId: this.deps.randomUUID(),
        kind: bet.kind,
        ...(bet.system ? { system: bet.system } : {}),
        ...(bet.freeBetId ? { freeBetId: bet.freeBetId } : {}),
        stake: bet.stake,
        priceChanges,
        selections: bet.selections.map((selection) => ({
          selectionId: selection.selectionId,
          price: selection.price!,
        })),
      },
      labels: bet.selections.map(
        (selection) =>
          `${selection.selectionName} (${selection.marketName}), ${selection.eventName} at ${this.deps.formatPrice(selection.price!)}`,
      ),
      state: 'placing',
    }));
  }

  /** A Bet Builder's placement: one bet at its quoted price on legs of one match, not sent yet. */
  forBuilder(price: Price, legs: SlipSelection[], stake: number, priceChanges: PriceChangePolicy): Placement {
    return {
      request: {
        betId: this.deps.randomUUID(),
        kind: 'bet-builder',
        stake,
        priceChanges,
        price,
        selections: legs.map((leg) => ({ selectionId: leg.selectionId, price: leg.price! })),
      },
      labels: [
        `Bet Builder, ${legs[0]!.eventName} at ${this.deps.formatPrice(price)}`,
        ...legs.map((leg) => `${leg.selectionName} (${leg.marketName})`),
      ],
      state: 'placing',
    };
  }

  /** Shows these placements in place of the finished ones; the caller stores them before sending. */
  begin(fresh: Placement[]): void {
    this.list = [...this.list.filter((placement) => !isFinal(placement.state)), ...fresh];
  }

  find(betId: string): Placement | undefined {
    return this.list.find((candidate) => candidate.request.betId === betId);
  }

  /** Sends again with the same bet id and body: the server answers the first outcome and never places twice. */
  async retry(betId: string): Promise<void> {
    const placement = this.find(betId);
    if (!placement || !this.deps.online()) return;
    placement.state = 'placing';
    placement.message = undefined;
    this.deps.onChange('kept');
    await this.send(placement);
  }

  async send(placement: Placement): Promise<void> {
    try {
      const result = await this.deps.api.placeBet(placement.request);
      if (result.outcome === 'refused') this.refused(placement, result.refusal);
      else this.settleFrom(placement, result.bet);
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        this.setState(
          placement,
          'refused',
          error.code === 'SessionExpired' || error.status === 401 ? SESSION_ENDED : error.message,
        );
      } else {
        this.setState(placement, 'unknown', 'We did not hear back about your bet.');
        void this.check(placement.request.betId);
      }
    }
  }

  private refused(placement: Placement, refusal: PlacementRefusalBody): void {
    this.deps.onRefusal(refusal);
    this.setState(placement, 'refused', refusalWords(refusal));
  }

  /** What became of a placement whose answer was lost: asks the server by its bet id. */
  async check(betId: string): Promise<void> {
    const placement = this.find(betId);
    if (!placement) return this.recheckSetAside(betId);
    if (placement.state === 'not-placed') return this.recheckNotPlaced(placement);
    if (isFinal(placement.state)) return;
    if (!this.deps.online()) {
      this.setState(placement, 'unknown', 'We will check your bet as soon as you are back online.');
      return;
    }
    this.setState(placement, 'checking', 'Checking your bet…');
    try {
      this.settleFrom(placement, await this.deps.api.bet(betId));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        this.setState(placement, 'not-placed', NOT_PLACED_MESSAGE);
        // The lost request may still be reaching the server: asked once more a little later (and its push, if it
        // lands, corrects this placement too).
        this.deps.clock.setTimeout(() => {
          // Unless something (Try again, a push) has moved it on meanwhile.
          const later = this.find(betId);
          if (later?.state === 'not-placed') void this.recheckNotPlaced(later);
          else if (!later) void this.recheckSetAside(betId);
        }, RECHECK_NOT_PLACED_MS);
      } else
        this.setState(
          placement,
          'unknown',
          'We could not confirm your bet yet. We will check again when the connection is back.',
        );
    }
  }

  /**
   * A placement found not placed after its answer was lost, asked about again without fuss: if the server has the
   * bet after all, the slip says what became of it; if not (or no answer), it stays not placed.
   */
  private async recheckNotPlaced(placement: Placement): Promise<void> {
    if (!this.deps.online()) return;
    let bet: BetView;
    try {
      bet = await this.deps.api.bet(placement.request.betId);
    } catch {
      return;
    }
    // Only if nothing else (a retry, a push) has moved it on meanwhile.
    if (placement.state === 'not-placed' && this.list.includes(placement)) this.settleFrom(placement, bet);
  }

  /** A placement set aside as not placed, asked about again: back into view if the server has it, else forgotten. */
  private async recheckSetAside(betId: string): Promise<void> {
    if (!this.deps.online() || !this.setAside.some((placement) => placement.request.betId === betId)) return;
    let bet: BetView;
    try {
      bet = await this.deps.api.bet(betId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        this.setAside = this.setAside.filter((placement) => placement.request.betId !== betId);
        this.deps.onChange('kept');
      }
      return;
    }
    this.restoreSetAside(bet);
  }

  /** A set-aside placement the server has after all: shown again with what became of it (a refused one is let go). */
  private restoreSetAside(bet: BetView): void {
    const placement = this.setAside.find((candidate) => candidate.request.betId === bet.betId);
    if (!placement) return;
    this.setAside = this.setAside.filter((candidate) => candidate !== placement);
    if (bet.status === 'rejected') return this.deps.onChange('kept');
    placement.placedAfterAll = true;
    this.list = [...this.list, placement];
    this.settleFrom(placement, bet);
  }

  /** Every placement whose outcome we do not know yet, and those found not placed (after a reload, a reconnect, back online). */
  checkUnresolved(): void {
    for (const placement of this.list)
      if (serverMayCorrect(placement.state) && placement.state !== 'checking') void this.check(placement.request.betId);
    for (const placement of this.setAside) void this.recheckSetAside(placement.request.betId);
  }

  /** A `bet` push from the socket. It also corrects a placement found not placed: the server's word is the truth. */
  onBet(bet: BetView): void {
    const placement = this.find(bet.betId);
    if (placement && serverMayCorrect(placement.state)) this.settleFrom(placement, bet);
    else if (!placement) this.restoreSetAside(bet);
  }

  private settleFrom(placement: Placement, bet: BetView): void {
    placement.bet = bet;
    if (bet.status === 'pending' && bet.heldUntil) {
      placement.heldUntil = bet.heldUntil;
      this.setState(placement, 'held', HELD_MESSAGE);
      // Asked again just after the hold ends, in case its answer does not come by the socket.
      const left = Math.max(0, Date.parse(bet.heldUntil) - this.deps.clock.now());
      this.deps.clock.setTimeout(() => void this.check(placement.request.betId), Math.min(left, 30_000) + 750);
    } else if (bet.status === 'pending') {
      this.setState(placement, 'pending', 'Checking your bet…');
      this.deps.clock.setTimeout(() => void this.check(placement.request.betId), 3_000);
    } else if (bet.status === 'rejected') {
      this.setState(placement, 'refused', bet.reason ?? 'Your bet was not accepted.');
    } else {
      this.setState(placement, 'accepted', placement.placedAfterAll ? PLACED_AFTER_ALL : undefined);
    }
  }

  private setState(placement: Placement, state: PlacementState, message: string | undefined): void {
    if (state !== 'held') placement.heldUntil = undefined;
    const wasHeld = placement.state === 'held';
    placement.state = state;
    placement.message = message;
    const announcement = placementAnnouncement(placement, state, message, wasHeld);
    if (announcement !== null) this.deps.announce(announcement);
    this.list = [...this.list];
    this.deps.onChange(state === 'accepted' ? 'accepted' : 'moved');
  }

  /**
   * A bet sent whose outcome is not known yet: being placed, held, pending, being checked, or its answer lost. No other
   * bet is placed until it is known, so a second press never puts the same bets on twice under new bet ids.
   */
  get placing(): boolean {
    return this.list.some((placement) => !isFinal(placement.state));
  }

  /** A bet on its way now (sent, or held in play): Place shows it being placed. */
  get sending(): boolean {
    return this.list.some((placement) => placement.state === 'placing' || placement.state === 'held');
  }

  /** Why no new bet can be placed while an earlier one is unresolved, in words; null when none is. */
  get waitReason(): string | null {
    if (!this.placing) return null;
    if (this.list.some((placement) => placement.state === 'unknown')) return CHECK_LAST_BET;
    return this.sending ? PLACING_LAST_BET : WAIT_FOR_LAST_BET;
  }

  get unresolved(): Placement[] {
    return this.list.filter((placement) => !isFinal(placement.state) || placement.state === 'not-placed');
  }

  get accepted(): Placement[] {
    return this.list.filter((placement) => placement.state === 'accepted');
  }

  /** Lets the finished placements go; those found not placed are set aside, as their request may still land. */
  forgetFinished(): void {
    const notPlaced = this.list.filter((placement) => placement.state === 'not-placed');
    this.setAside = [...this.setAside, ...notPlaced].slice(-SET_ASIDE_MAX);
    this.list = this.list.filter((placement) => !isFinal(placement.state));
  }
}
