import { Observable } from '../../ui/frame/Observable';
import { longerPrice, priceAcceptable, returnsFor, samePrice as sameValue } from '../../contract/rules/odds';
import { penceToPoundsInput, poundsToPence } from '../../contract/rules/money';
import {
  MAX_SELECTIONS,
  MAX_STAKE_PENCE,
  MIN_STAKE_PENCE,
  PRICE_CHANGE_POLICIES,
} from '../../contract/sportsbook-rules';
import type {
  BetKind,
  BetView,
  Price,
  PriceChangePolicy,
  SelectionStatus,
  SystemType,
} from '../../contract/sportsbook-rules';
import { lineCount, systemBetsFor, systemPotentialReturns, type SystemBetType } from '../../contract/system-bets';
import type { PlaceBetRequest, PlacementRefusalBody } from '../../contract/sportsbook';
import type { PlaceResult } from '../services/api';
import { ApiError } from '../services/api';
import type { LiveSelection } from './CatalogStore';

export const SLIP_KEY = 'sb.slip';
export const ACCA = 'acca';
/** A system bet's stake key on the slip: 'sys:yankee'. */
export const systemKey = (type: SystemType) => `sys:${type}`;
const systemOfKey = (key: string): SystemType | null => (key.startsWith('sys:') ? (key.slice(4) as SystemType) : null);

export interface SlipSelection {
  selectionId: string;
  eventId: string;
  eventName: string;
  marketName: string;
  selectionName: string;
  kickoffAt: string;
  /** The newest price we know: the one shown, and the one a placement sends. */
  price: Price | null;
  /** The price the customer agreed to; differs from `price` after a move until they accept it. */
  acceptedPrice: Price | null;
  status: SelectionStatus;
  /** A league's outright: backed as a single only (the server refuses it in a combination). */
  outright?: boolean;
}

/** held: an in-play bet waiting out its delay (until `heldUntil`); the server then accepts or refuses it. */
export type PlacementState =
  'placing' | 'held' | 'checking' | 'pending' | 'unknown' | 'accepted' | 'refused' | 'not-placed';

/** One bet sent (or being sent). Stored with the slip before the request leaves, so a reload can ask what became of it. */
export interface Placement {
  request: Required<Pick<PlaceBetRequest, 'betId' | 'kind' | 'stake'>> &
    Pick<PlaceBetRequest, 'system' | 'priceChanges' | 'acceptPriceChanges' | 'freeBetId' | 'price'> & {
      selections: Array<{ selectionId: string; price: Price }>;
    };
  /** What the receipt names: 'Rovers (Match Result)'. */
  labels: string[];
  state: PlacementState;
  bet?: BetView;
  message?: string;
  /** While held: when the in-play delay ends (the server's time, UTC ISO). */
  heldUntil?: string;
  /** Found not placed and set aside, then found on the server after all: its receipt says so once accepted. */
  placedAfterAll?: boolean;
}

export interface SlipBet {
  key: string;
  kind: BetKind;
  /** For a system bet, the stake per line. */
  stake: number;
  system?: SystemType;
  /** The whole stake: per line x lines for a system bet. */
  total: number;
  selections: SlipSelection[];
  /** A single staked with this free-bet token (its stake is the token's, not the balance's). */
  freeBetId?: string;
}

export interface PlacementApi {
  placeBet(request: PlaceBetRequest): Promise<PlaceResult>;
  bet(betId: string): Promise<BetView>;
}

export interface SlipDeps {
  api: PlacementApi;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  randomUUID: () => string;
  signedIn: () => boolean;
  balance: () => number | null;
  online: () => boolean;
  requestLogin: () => void;
  requestDeposit: (shortfall: number) => void;
  formatPrice: (price: Price) => string;
  /** An accepted bet: the host may refresh what it shows. */
  onBetsChanged?: () => void;
  /** The free-bet token chosen to stake this single (FreeBetsStore), if any. */
  freeBetFor?: (selectionId: string) => { freeBetId: string; amount: number } | undefined;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  now?: () => number;
}

/** A selection as the slip keeps it, from its live view (the price shown is the one agreed to). */
export function slipSelectionOf(live: LiveSelection): SlipSelection {
  return {
    selectionId: live.selection.id,
    eventId: live.event.id,
    eventName: live.eventName ?? `${live.event.home} v ${live.event.away}`,
    marketName: live.market.name,
    selectionName: live.selection.name,
    kickoffAt: live.event.kickoffAt,
    price: live.price,
    acceptedPrice: live.price,
    status: live.status,
    ...(live.market.type === 'outright' ? { outright: true } : {}),
  };
}

export const samePrice = (a: Price | null, b: Price | null) => a === b || (!!a && !!b && sameValue(a, b));

/**
 * What a bet returns if it wins (a system bet: if every selection wins). A free-bet stake is not returned with the
 * winnings. The slip's rows and a receipt awaiting the server's figure both use this, so they always agree.
 */
export function potentialReturns(
  stake: number,
  prices: Price[],
  options: { system?: SystemType | null; freeBet?: boolean } = {},
): number {
  if (options.system) return systemPotentialReturns(options.system, stake, prices);
  return returnsFor(stake, prices) - (options.freeBet ? stake : 0);
}

const PLACEMENT_WORDS: Record<string, string> = {
  InsufficientFunds: 'Your balance is too low for this stake.',
  PlayerBlocked: 'Your account cannot place bets at the moment. Please contact customer support.',
  SessionExpired: 'Your session has ended. Please log in again; your selections are kept.',
  MarketSuspended: 'This market is suspended for now. Try again when it reopens.',
  MarketClosed: 'This market is closed.',
};

interface Persisted {
  selections: SlipSelection[];
  stakes: Record<string, string>;
  priceChanges: PriceChangePolicy;
  /** Written by older frames: true was 'any'. */
  acceptPriceChanges?: boolean;
  placements: Placement[];
  /** Singles whose stake is a free bet: selection id to free-bet id. */
  freeBetStakes?: Record<string, string>;
  setAside?: Placement[];
}

/** Words for the price-change setting, as the slip offers it. */
export const PRICE_CHANGE_WORDS: Record<PriceChangePolicy, string> = {
  never: 'Never accept',
  higher: 'Accept higher odds',
  any: 'Accept any odds',
};

const HELD_MESSAGE = 'In-play bets are held for a few seconds before they are accepted.';
const NOT_PLACED_MESSAGE = 'Your bet was not placed and nothing was taken from your balance.';
/** Why no other bet can be placed while an earlier one's outcome is not known. */
export const WAIT_FOR_LAST_BET = 'Checking your last bet first. You can place another bet once we know the outcome.';
export const CHECK_LAST_BET = 'Checking your last bet first. Use Check again above.';
const PLACING_LAST_BET = 'Your last bet is still being placed. You can place another bet once we know the outcome.';
const WAIT_WORDS = new Set([WAIT_FOR_LAST_BET, CHECK_LAST_BET, PLACING_LAST_BET]);
/** A single whose free bet is no longer on the customer's list: its stake is cleared, never turned into cash. */
export const FREE_BET_GONE =
  'Your free bet is no longer available, so this stake has been cleared. Enter a new stake to place this bet.';
/** After a placement was found not placed, how long before the server is asked about it once more. */
const RECHECK_NOT_PLACED_MS = 10_000;
const SET_ASIDE_MAX = 5;
export const PLACED_AFTER_ALL = 'We said this bet was not placed, but it went on after all. It is in My Bets.';

/**
 * The bet slip: selections, stakes, the accumulator, and the honest life of each placement. Kept in localStorage so a
 * reload or a sign-in (which reloads the session, not the slip) loses nothing.
 */
export class SlipStore extends Observable {
  selections: SlipSelection[] = [];
  /** Typed stakes in pounds, per selection id for singles and ACCA for the accumulator. */
  stakes: Record<string, string> = {};
  /** The customer's setting for a moved price (kept with the slip across visits). */
  priceChanges: PriceChangePolicy = 'never';
  placements: Placement[] = [];
  /**
   * Placements found not placed that the customer has moved on from (Back to bet slip, a new selection): their lost
   * request may still land, so a late push or check still finds them and brings a bet that went on after all back
   * into view, instead of the customer believing it lost and betting twice. Forgotten once asked again and still
   * unknown to the server.
   */
  private setAside: Placement[] = [];
  /** The last thing said to screen readers (price moves, bet outcomes). */
  announcement = '';
  /** Why Place did nothing, in words. */
  notice: string | null = null;
  /** The stake whose phone keypad is open (one at a time). */
  keypadFor: string | null = null;
  /**
   * Singles staked with a free bet (selection id to free-bet id). Kept with the slip, so a single whose token is no
   * longer chosen (used, expired, or the list forgotten) has no stake rather than the token's amount as cash.
   */
  freeBetStakes: Record<string, string> = {};

  constructor(private readonly deps: SlipDeps) {
    super();
    this.load();
  }

  openKeypad(key: string | null): void {
    this.keypadFor = key;
    this.changed();
  }

  // ---- selections

  has(selectionId: string): boolean {
    return this.selections.some((selection) => selection.selectionId === selectionId);
  }

  toggle(live: LiveSelection): void {
    if (this.has(live.selection.id)) return this.remove(live.selection.id);
    if (this.selections.length >= MAX_SELECTIONS) {
      this.notice = `A bet slip can hold at most ${MAX_SELECTIONS} selections.`;
      return this.changed();
    }
    this.clearFinishedPlacements();
    this.selections = [...this.selections, slipSelectionOf(live)];
    this.notice = null;
    this.save();
  }

  remove(selectionId: string): void {
    this.selections = this.selections.filter((selection) => selection.selectionId !== selectionId);
    delete this.stakes[selectionId];
    delete this.freeBetStakes[selectionId];
    this.notice = null;
    this.save();
  }

  clear(): void {
    this.selections = [];
    this.stakes = {};
    this.freeBetStakes = {};
    this.notice = null;
    this.clearFinishedPlacements();
    this.save();
  }

  get eventIds(): string[] {
    return [...new Set(this.selections.map((selection) => selection.eventId))];
  }

  /** Events with two or more selections: they cannot go in one accumulator. */
  get relatedEventIds(): Set<string> {
    const seen = new Set<string>();
    const related = new Set<string>();
    for (const selection of this.selections) {
      if (seen.has(selection.eventId)) related.add(selection.eventId);
      seen.add(selection.eventId);
    }
    return related;
  }

  isRelated(selection: SlipSelection): boolean {
    return this.relatedEventIds.has(selection.eventId);
  }

  /** An outright on the slip: it is backed as a single, so no accumulator or system bet is offered. */
  get hasOutright(): boolean {
    return this.selections.some((selection) => selection.outright === true);
  }

  get accaOffered(): boolean {
    return this.selections.length >= 2 && this.relatedEventIds.size === 0 && !this.hasOutright;
  }

  /** The system bets these selections can make (3 to 8 from different matches), in the order the slip lists them. */
  get systemsOffered(): SystemBetType[] {
    return this.relatedEventIds.size === 0 && !this.hasOutright ? systemBetsFor(this.selections.length) : [];
  }

  get accaName(): string {
    const names = [
      '',
      '',
      'Double',
      'Treble',
      '4-Fold',
      '5-Fold',
      '6-Fold',
      '7-Fold',
      '8-Fold',
      '9-Fold',
      '10-Fold',
      '11-Fold',
      '12-Fold',
    ];
    return `${names[this.selections.length] ?? `${this.selections.length}-Fold`} Accumulator`;
  }

  // ---- prices

  /** Brings the slip up to the catalogue's newest prices and states. */
  reconcile(find: (selectionId: string) => LiveSelection | null): void {
    let changed = false;
    for (const selection of this.selections) {
      const live = find(selection.selectionId);
      if (!live) continue;
      if (live.status !== selection.status) {
        selection.status = live.status;
        changed = true;
        if (live.status === 'suspended') this.announce(`${selection.selectionName} is suspended.`);
      }
      if (live.price && !samePrice(live.price, selection.price)) {
        this.movePrice(selection, live.price);
        changed = true;
      }
    }
    if (changed) {
      this.selections = [...this.selections];
      this.save();
    }
  }

  private movePrice(selection: SlipSelection, price: Price): void {
    const before = selection.price;
    selection.price = price;
    if (selection.acceptedPrice && priceAcceptable(this.priceChanges, selection.acceptedPrice, price))
      selection.acceptedPrice = price;
    // While a bet is being placed its prices are struck: what a screen reader hears is the bet's progress, not moves
    // of a price it no longer depends on (the slip still shows them).
    if (before && !this.placing)
      this.announce(
        `${selection.selectionName}: price changed from ${this.deps.formatPrice(before)} to ${this.deps.formatPrice(price)}.`,
      );
  }

  /** 'up' when the price lengthened since the customer accepted it (better for them), 'down' when it shortened. */
  movement(selection: SlipSelection): 'up' | 'down' | null {
    if (!selection.price || !selection.acceptedPrice || samePrice(selection.price, selection.acceptedPrice))
      return null;
    return longerPrice(selection.price, selection.acceptedPrice) ? 'up' : 'down';
  }

  get hasPriceChanges(): boolean {
    return this.selections.some((selection) => this.movement(selection) !== null);
  }

  acceptChanges(): void {
    for (const selection of this.selections) selection.acceptedPrice = selection.price;
    this.selections = [...this.selections];
    this.notice = null;
    this.save();
  }

  setPriceChanges(policy: PriceChangePolicy): void {
    this.priceChanges = policy;
    const taken = this.selections.filter(
      (selection) =>
        selection.price && selection.acceptedPrice && priceAcceptable(policy, selection.acceptedPrice, selection.price),
    );
    for (const selection of taken) selection.acceptedPrice = selection.price;
    this.selections = [...this.selections];
    this.save();
  }

  // ---- stakes and returns

  setStake(key: string, text: string): void {
    const cleaned = text.replace(/[^0-9.]/g, '');
    const [pounds = '', ...rest] = cleaned.split('.');
    const value = rest.length ? `${pounds.slice(0, 5)}.${rest.join('').slice(0, 2)}` : pounds.slice(0, 5);
    if (value) this.stakes[key] = value;
    else delete this.stakes[key];
    // A stake typed is the customer's own money, never a free bet's.
    delete this.freeBetStakes[key];
    this.notice = null;
    this.save();
  }

  /** Stakes a single with a free-bet token (its amount), or with nothing when `token` is null. */
  useFreeBet(selectionId: string, token: { freeBetId: string; amount: number } | null): void {
    if (token) {
      this.stakes[selectionId] = penceToPoundsInput(token.amount);
      this.freeBetStakes[selectionId] = token.freeBetId;
    } else {
      delete this.stakes[selectionId];
      delete this.freeBetStakes[selectionId];
    }
    this.notice = null;
    this.save();
  }

  /** The free bet chosen to stake this single, if one is. */
  freeBetOf(key: string): { freeBetId: string; amount: number } | undefined {
    return key === ACCA || systemOfKey(key) ? undefined : this.deps.freeBetFor?.(key);
  }

  /** A single staked with a free bet that is no longer chosen: it has no stake until the customer gives it one. */
  freeBetGone(key: string): boolean {
    return this.freeBetStakes[key] !== undefined && !this.freeBetOf(key);
  }

  /** What the bet under this key stakes (per line for a system bet): a free bet's amount, or what was typed. */
  private stakeFor(key: string): number {
    const free = this.freeBetOf(key);
    if (free) return free.amount;
    return this.freeBetGone(key) ? 0 : this.stakeOf(key);
  }

  stakeOf(key: string): number {
    const text = this.stakes[key];
    if (!text) return 0;
    const pence = poundsToPence(text);
    return Number.isFinite(pence) ? pence : 0;
  }

  /** What the bet under this stake key returns if it wins (a system bet: if every selection wins), or null. */
  returnsOf(key: string): number | null {
    const stake = this.stakeFor(key);
    if (stake <= 0) return null;
    const single = key !== ACCA && !systemOfKey(key);
    const prices = single
      ? [this.selections.find((selection) => selection.selectionId === key)?.price ?? null]
      : this.selections.map((selection) => selection.price);
    if (prices.some((price) => !price)) return null;
    return potentialReturns(stake, prices as Price[], { system: systemOfKey(key), freeBet: !!this.freeBetOf(key) });
  }

  /** A system bet's whole stake on the slip now: the stake per line typed, times its lines. */
  systemTotal(type: SystemType): number {
    return this.stakeOf(systemKey(type)) * lineCount(type);
  }

  /** The bets Place would send, in slip order: the singles with a stake, the accumulator, then the system bets. */
  get bets(): SlipBet[] {
    const bets: SlipBet[] = [];
    for (const selection of this.selections) {
      const free = this.freeBetOf(selection.selectionId);
      const stake = this.stakeFor(selection.selectionId);
      if (stake > 0)
        bets.push({
          key: selection.selectionId,
          kind: 'single',
          stake,
          total: stake,
          selections: [selection],
          ...(free ? { freeBetId: free.freeBetId } : {}),
        });
    }
    const accaStake = this.stakeOf(ACCA);
    if (this.accaOffered && accaStake > 0)
      bets.push({ key: ACCA, kind: 'accumulator', stake: accaStake, total: accaStake, selections: this.selections });
    for (const { type } of this.systemsOffered) {
      const stake = this.stakeOf(systemKey(type));
      if (stake > 0)
        bets.push({
          key: systemKey(type),
          kind: 'system',
          system: type,
          stake,
          total: stake * lineCount(type),
          selections: this.selections,
        });
    }
    return bets;
  }

  get totalStake(): number {
    return this.bets.reduce((total, bet) => total + bet.total, 0);
  }

  get totalReturns(): number {
    return this.bets.reduce((total, bet) => total + (this.returnsOf(bet.key) ?? 0), 0);
  }

  get shortfall(): number {
    const balance = this.deps.balance();
    if (!this.deps.signedIn() || balance === null) return 0;
    return Math.max(0, this.bets.reduce((total, bet) => total + (bet.freeBetId ? 0 : bet.total), 0) - balance);
  }

  /**
   * A bet sent whose outcome is not known yet: being placed, held, pending, being checked, or its answer lost. No other
   * bet is placed until it is known, so a second press never puts the same bets on twice under new bet ids.
   */
  get placing(): boolean {
    return this.placements.some((placement) => !isFinal(placement.state));
  }

  /** A bet on its way now (sent, or held in play): Place shows it being placed. */
  get sending(): boolean {
    return this.placements.some((placement) => placement.state === 'placing' || placement.state === 'held');
  }

  /** Why no new bet can be placed while an earlier one is unresolved, in words; null when none is. */
  get waitReason(): string | null {
    if (!this.placing) return null;
    if (this.placements.some((placement) => placement.state === 'unknown')) return CHECK_LAST_BET;
    return this.sending ? PLACING_LAST_BET : WAIT_FOR_LAST_BET;
  }

  /** Why Place cannot be pressed now, in words; null when it can. */
  get blocker(): string | null {
    if (!this.deps.online()) return 'You are offline. Bets can be placed once you are back online.';
    const wait = this.waitReason;
    if (wait) return wait;
    if (this.selections.length === 0) return 'Add a selection to your bet slip.';
    const bets = this.bets;
    if (bets.length === 0) return 'Enter a stake.';
    const staked = new Set(bets.flatMap((bet) => bet.selections));
    if ([...staked].some((selection) => selection.status === 'suspended'))
      return 'A selection is suspended. Remove it or wait for it to reopen.';
    if ([...staked].some((selection) => selection.status === 'closed' || !selection.price))
      return 'A selection is no longer available. Remove it to continue.';
    if (bets.some((bet) => bet.stake < MIN_STAKE_PENCE)) return 'The minimum stake is £0.10.';
    if (bets.some((bet) => bet.total > MAX_STAKE_PENCE)) return 'The maximum stake is £10,000.';
    if (this.hasPriceChanges) return 'Prices have changed. Accept the new prices to continue.';
    return null;
  }

  // ---- placement

  async place(): Promise<void> {
    if (this.placing) {
      this.notice = this.waitReason;
      return this.changed();
    }
    const blocker = this.blocker;
    if (blocker) {
      this.notice = blocker;
      return this.changed();
    }
    if (!this.deps.signedIn()) {
      this.notice = 'Log in to place your bet. Your selections are kept.';
      this.changed();
      this.deps.requestLogin();
      return;
    }
    const shortfall = this.shortfall;
    if (shortfall > 0) {
      this.notice = 'Your balance is less than your total stake. Deposit to place this bet.';
      this.changed();
      this.deps.requestDeposit(shortfall);
      return;
    }
    this.notice = null;
    const fresh: Placement[] = this.bets.map((bet) => ({
      request: {
        betId: this.deps.randomUUID(),
        kind: bet.kind,
        ...(bet.system ? { system: bet.system } : {}),
        ...(bet.freeBetId ? { freeBetId: bet.freeBetId } : {}),
        stake: bet.stake,
        priceChanges: this.priceChanges,
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
    this.placements = [...this.placements.filter((placement) => !isFinal(placement.state)), ...fresh];
    // Stored before anything is sent: if the page dies now, the next load asks what became of each bet id.
    this.save();
    await Promise.all(fresh.map((placement) => this.send(placement)));
  }

  /**
   * A Bet Builder from the match page: one bet at its quoted price on legs of one match, sent and followed like the
   * slip's own bets (its receipt shows on the slip); its legs never join the slip's selections.
   */
  async placeBuilder(price: Price, legs: SlipSelection[], stake: number): Promise<Placement | undefined> {
    if (this.placing) {
      this.notice = this.waitReason;
      this.changed();
      return undefined;
    }
    if (!this.deps.signedIn()) {
      this.notice = 'Log in to place your bet.';
      this.changed();
      this.deps.requestLogin();
      return undefined;
    }
    const balance = this.deps.balance();
    if (balance !== null && stake > balance) {
      this.deps.requestDeposit(stake - balance);
      return undefined;
    }
    const placement: Placement = {
      request: {
        betId: this.deps.randomUUID(),
        kind: 'bet-builder',
        stake,
        priceChanges: this.priceChanges,
        price,
        selections: legs.map((leg) => ({ selectionId: leg.selectionId, price: leg.price! })),
      },
      labels: [
        `Bet Builder, ${legs[0]!.eventName} at ${this.deps.formatPrice(price)}`,
        ...legs.map((leg) => `${leg.selectionName} (${leg.marketName})`),
      ],
      state: 'placing',
    };
    this.placements = [...this.placements.filter((candidate) => !isFinal(candidate.state)), placement];
    this.save();
    await this.send(placement);
    return this.placements.find((candidate) => candidate.request.betId === placement.request.betId);
  }

  /** Sends again with the same bet id and body: the server answers the first outcome and never places twice. */
  async retry(betId: string): Promise<void> {
    const placement = this.placements.find((candidate) => candidate.request.betId === betId);
    if (!placement || !this.deps.online()) return;
    placement.state = 'placing';
    placement.message = undefined;
    this.save();
    await this.send(placement);
  }

  private async send(placement: Placement): Promise<void> {
    try {
      const result = await this.deps.api.placeBet(placement.request);
      if (result.outcome === 'refused') this.refused(placement, result.refusal);
      else this.settleFrom(placement, result.bet);
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        this.setState(
          placement,
          'refused',
          error.code === 'SessionExpired' || error.status === 401 ? PLACEMENT_WORDS.SessionExpired : error.message,
        );
      } else {
        this.setState(placement, 'unknown', 'We did not hear back about your bet.');
        void this.check(placement.request.betId);
      }
    }
  }

  private refused(placement: Placement, refusal: PlacementRefusalBody): void {
    for (const change of refusal.changes ?? []) {
      const selection = this.selections.find((candidate) => candidate.selectionId === change.selectionId);
      if (!selection) continue;
      selection.status = change.status;
      if (change.price && !samePrice(change.price, selection.price)) {
        const before = selection.price;
        selection.price = change.price;
        if (before)
          this.announce(
            `${selection.selectionName}: price changed from ${this.deps.formatPrice(before)} to ${this.deps.formatPrice(change.price)}.`,
          );
      }
    }
    this.selections = [...this.selections];
    const words =
      refusal.code === 'PriceChanged'
        ? 'The price changed before your bet went on. Check the new price and place again.'
        : (PLACEMENT_WORDS[refusal.code] ?? refusal.message);
    this.setState(
      placement,
      'refused',
      refusal.code === 'InsufficientFunds' || refusal.code === 'PlayerBlocked' ? refusal.message || words : words,
    );
  }

  /** What became of a placement whose answer was lost: asks the server by its bet id. */
  async check(betId: string): Promise<void> {
    const placement = this.placements.find((candidate) => candidate.request.betId === betId);
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
        (this.deps.setTimeout ?? setTimeout)(() => {
          // Unless something (Try again, a push) has moved it on meanwhile.
          const later = this.placements.find((candidate) => candidate.request.betId === betId);
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
    if (placement.state === 'not-placed' && this.placements.includes(placement)) this.settleFrom(placement, bet);
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
        this.save();
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
    if (bet.status === 'rejected') return this.save();
    placement.placedAfterAll = true;
    this.placements = [...this.placements, placement];
    this.settleFrom(placement, bet);
  }

  /** Every placement whose outcome we do not know yet, and those found not placed (after a reload, a reconnect, back online). */
  checkUnresolved(): void {
    for (const placement of this.placements)
      if (serverMayCorrect(placement.state) && placement.state !== 'checking') void this.check(placement.request.betId);
    for (const placement of this.setAside) void this.recheckSetAside(placement.request.betId);
  }

  /** A `bet` push from the socket. It also corrects a placement found not placed: the server's word is the truth. */
  onBet(bet: BetView): void {
    const placement = this.placements.find((candidate) => candidate.request.betId === bet.betId);
    if (placement && serverMayCorrect(placement.state)) this.settleFrom(placement, bet);
    else if (!placement) this.restoreSetAside(bet);
  }

  private settleFrom(placement: Placement, bet: BetView): void {
    placement.bet = bet;
    if (bet.status === 'pending' && bet.heldUntil) {
      placement.heldUntil = bet.heldUntil;
      this.setState(placement, 'held', HELD_MESSAGE);
      // Asked again just after the hold ends, in case its answer does not come by the socket.
      const left = Math.max(0, Date.parse(bet.heldUntil) - (this.deps.now ?? Date.now)());
      (this.deps.setTimeout ?? setTimeout)(
        () => void this.check(placement.request.betId),
        Math.min(left, 30_000) + 750,
      );
    } else if (bet.status === 'pending') {
      this.setState(placement, 'pending', 'Checking your bet…');
      (this.deps.setTimeout ?? setTimeout)(() => void this.check(placement.request.betId), 3_000);
    } else if (bet.status === 'rejected') {
      this.setState(placement, 'refused', bet.reason ?? 'Your bet was not accepted.');
    } else {
      this.setState(placement, 'accepted', placement.placedAfterAll ? PLACED_AFTER_ALL : undefined);
      this.deps.onBetsChanged?.();
    }
  }

  private setState(placement: Placement, state: PlacementState, message: string | undefined): void {
    if (state !== 'held') placement.heldUntil = undefined;
    const wasHeld = placement.state === 'held';
    placement.state = state;
    placement.message = message;
    // Why Place waited follows the bets it waits for (and goes once none is unresolved).
    if (this.notice !== null && WAIT_WORDS.has(this.notice)) this.notice = this.waitReason;
    if (state === 'held' && !wasHeld) this.announce(`Placing your bet. ${HELD_MESSAGE}`);
    else if (state === 'accepted')
      this.announce(
        placement.placedAfterAll
          ? `${PLACED_AFTER_ALL} Bet ID ${placement.request.betId}.`
          : `Bet placed. Bet ID ${placement.request.betId}.`,
      );
    else if (state === 'refused') this.announce(`Bet not placed. ${message ?? ''}`);
    else if (state === 'not-placed') this.announce(message ?? '');
    this.placements = [...this.placements];
    this.save();
  }

  get unresolved(): Placement[] {
    return this.placements.filter((placement) => !isFinal(placement.state) || placement.state === 'not-placed');
  }

  /** The receipt's Done: accepted bets leave the slip with their selections; refused ones stay to be fixed. */
  dismissPlacements(): void {
    const accepted = this.placements.filter((placement) => placement.state === 'accepted');
    const placedIds = new Set(
      accepted.flatMap((placement) => placement.request.selections.map((selection) => selection.selectionId)),
    );
    this.selections = this.selections.filter((selection) => !placedIds.has(selection.selectionId));
    for (const id of placedIds) {
      delete this.stakes[id];
      delete this.freeBetStakes[id];
    }
    if (accepted.some((placement) => placement.request.kind === 'accumulator')) delete this.stakes[ACCA];
    for (const placement of accepted)
      if (placement.request.system) delete this.stakes[systemKey(placement.request.system)];
    this.forgetFinishedPlacements();
    this.save();
  }

  private clearFinishedPlacements(): void {
    if (this.placements.some((placement) => placement.state === 'accepted')) this.dismissPlacements();
    else this.forgetFinishedPlacements();
  }

  private forgetFinishedPlacements(): void {
    const notPlaced = this.placements.filter((placement) => placement.state === 'not-placed');
    this.setAside = [...this.setAside, ...notPlaced].slice(-SET_ASIDE_MAX);
    this.placements = this.placements.filter((placement) => !isFinal(placement.state));
  }

  private announce(text: string): void {
    this.announcement = text;
  }

  // ---- persistence

  private save(): void {
    const persisted: Persisted = {
      selections: this.selections,
      stakes: this.stakes,
      priceChanges: this.priceChanges,
      placements: this.placements,
      freeBetStakes: this.freeBetStakes,
      setAside: this.setAside,
    };
    try {
      this.deps.storage.setItem(SLIP_KEY, JSON.stringify(persisted));
    } catch {
      // Storage full or refused: the slip still works for this page.
    }
    this.changed();
  }

  private load(): void {
    try {
      const raw = this.deps.storage.getItem(SLIP_KEY);
      if (!raw) return;
      const persisted = JSON.parse(raw) as Partial<Persisted>;
      this.selections = Array.isArray(persisted.selections) ? persisted.selections.slice(0, MAX_SELECTIONS) : [];
      this.stakes = persisted.stakes && typeof persisted.stakes === 'object' ? persisted.stakes : {};
      this.freeBetStakes =
        persisted.freeBetStakes && typeof persisted.freeBetStakes === 'object' ? persisted.freeBetStakes : {};
      this.priceChanges = PRICE_CHANGE_POLICIES.includes(persisted.priceChanges as PriceChangePolicy)
        ? persisted.priceChanges!
        : persisted.acceptPriceChanges === true
          ? 'any'
          : 'never';
      // A placement interrupted by the reload is not known to have failed: it is asked about, never resent.
      this.placements = (Array.isArray(persisted.placements) ? persisted.placements : []).map((placement) =>
        placement.state === 'placing' || placement.state === 'checking'
          ? { ...placement, state: 'unknown' }
          : placement,
      );
      this.setAside = Array.isArray(persisted.setAside) ? persisted.setAside.slice(-SET_ASIDE_MAX) : [];
    } catch {
      this.selections = [];
    }
  }
}

const isFinal = (state: PlacementState) => state === 'accepted' || state === 'refused' || state === 'not-placed';
/** A placement the server's word may still change: not final, or found not placed while its request may still land. */
const serverMayCorrect = (state: PlacementState) => !isFinal(state) || state === 'not-placed';
