import { Observable } from '../../ui/frame/Observable';
import { MAX_SELECTIONS, MAX_STAKE_PENCE, MIN_STAKE_PENCE } from '../../contract/sportsbook-rules';
import type { BetView, Price, PriceChangePolicy, SystemType } from '../../contract/sportsbook-rules';
import type { SystemBetType } from '../../contract/system-bets';
import type { LiveSelection } from './CatalogStore';
import {
  ACCA,
  ALL_SINGLES,
  systemKey,
  type Placement,
  type PlacementApi,
  type SlipBet,
  type SlipSelection,
} from './slip/model';
import { LOG_IN_TO_PLACE, accaName, addedWords, isWaitWords, removedWords } from './slip/wording';
import { SlipSelections, slipSelectionOf } from './slip/SlipSelections';
import { SlipStakes } from './slip/SlipStakes';
import { Placements, type PlacementChange } from './slip/Placements';
import { SlipPersistence } from './slip/SlipPersistence';
import { BUILDER, SlipBuilder, type BuilderLeg } from './slip/SlipBuilder';
import type { BetBuilderApi } from './BetBuilderStore';
import { returnsFor } from '../../contract/rules/odds';

export interface SlipDeps {
  api: PlacementApi;
  /** Prices the Bet Builder line (POST /api/bet-builder/quote). */
  builderApi?: BetBuilderApi;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  randomUUID: () => string;
  signedIn: () => boolean;
  balance: () => number | null;
  online: () => boolean;
  requestLogin: () => void;
  /** The session on its way (the host signed in, a launch token being traded): settles when it has come or not; else null. */
  sessionOnItsWay?: () => Promise<void> | null;
  requestDeposit: (shortfall: number) => void;
  formatPrice: (price: Price) => string;
  /** An accepted bet: the host may refresh what it shows. */
  onBetsChanged?: () => void;
  /** The free-bet token chosen to stake this single (FreeBetsStore), if any. */
  freeBetFor?: (selectionId: string) => { freeBetId: string; amount: number } | undefined;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  now?: () => number;
}

/**
 * The bet slip the screens use, composed of its parts (slip/): the selections and their prices, the stakes and the
 * bets they make, the placements, and the copy kept in storage so a reload or a sign-in loses nothing. The store
 * holds what ties them together: why Place waits or refuses, the phone keypad, what a screen reader last heard.
 */
export class SlipStore extends Observable {
  private readonly picked: SlipSelections;
  private readonly staked: SlipStakes;
  private readonly sent: Placements;
  private readonly persistence: SlipPersistence;
  private readonly builder: SlipBuilder;
  /** The last thing said to screen readers (price moves, bet outcomes). */
  announcement = '';
  /** Why Place did nothing, in words. */
  notice: string | null = null;
  /** The stake whose phone keypad is open (one at a time). */
  keypadFor: string | null = null;
  /** Place was pressed while the session was on its way: it goes on once the session has come. */
  waitingForSession = false;
  /** A single added from the keyboard: its stake box takes the focus where the slip is in view (the desktop column). */
  stakeToFocus: string | null = null;

  constructor(private readonly deps: SlipDeps) {
    super();
    const announce = (text: string) => {
      this.announcement = text;
    };
    this.picked = new SlipSelections({ formatPrice: deps.formatPrice, announce });
    this.staked = new SlipStakes(deps.freeBetFor);
    this.sent = new Placements({
      api: deps.api,
      clock: { now: deps.now ?? (() => Date.now()), setTimeout: deps.setTimeout ?? ((fn, ms) => setTimeout(fn, ms)) },
      randomUUID: deps.randomUUID,
      online: deps.online,
      formatPrice: deps.formatPrice,
      announce,
      onRefusal: (refusal) => this.picked.applyRefusal(refusal),
      onChange: (change) => this.placementChanged(change),
    });
    this.persistence = new SlipPersistence(deps.storage);
    this.builder = new SlipBuilder(deps.builderApi, () => this.changed());
    this.load();
  }

  // ---- the parts' state, as the screens read it

  get selections(): SlipSelection[] {
    return this.picked.list;
  }

  /** Typed stakes in pounds, per selection id for singles and ACCA for the accumulator. */
  get stakes(): Record<string, string> {
    return this.staked.stakes;
  }

  /** Singles staked with a free bet (selection id to free-bet id). */
  get freeBetStakes(): Record<string, string> {
    return this.staked.freeBetStakes;
  }

  /** The customer's setting for a moved price (kept with the slip across visits). */
  get priceChanges(): PriceChangePolicy {
    return this.picked.priceChanges;
  }

  get placements(): Placement[] {
    return this.sent.list;
  }

  /** The lines the slip counts (its bar's badge): each selection, and the Bet Builder as one. */
  get lineCount(): number {
    return this.selections.length + (this.builder.legs.length > 0 ? 1 : 0);
  }

  openKeypad(key: string | null): void {
    this.keypadFor = key;
    this.changed();
  }

  // ---- selections

  has(selectionId: string): boolean {
    return this.picked.has(selectionId);
  }

  /**
   * `byKeyboard`: Enter or Space on the price. The customer then goes on to the stake (asked for by the slip column);
   * a pointer's press keeps the focus on the price, as bet365's desktop does, so more prices can be added.
   */
  toggle(live: LiveSelection, { byKeyboard = false }: { byKeyboard?: boolean } = {}): void {
    this.stakeToFocus = null;
    if (this.has(live.selection.id)) return this.remove(live.selection.id);
    if (this.selections.length >= MAX_SELECTIONS) {
      this.notice = `A bet slip can hold at most ${MAX_SELECTIONS} selections.`;
      return this.changed();
    }
    this.clearFinishedPlacements();
    this.picked.add(slipSelectionOf(live));
    this.notice = null;
    // A screen reader hears where the selection went, whether the focus stays on the price or goes to the stake.
    this.announcement = addedWords(live.selection.name, this.selections.length);
    if (byKeyboard) this.stakeToFocus = live.selection.id;
    this.save();
  }

  /** The stake box asked for has the focus: no later render takes it again. */
  stakeFocused(): void {
    this.stakeToFocus = null;
  }

  remove(selectionId: string): void {
    const removed = this.selections.find((selection) => selection.selectionId === selectionId);
    if (removed) this.announcement = removedWords(removed.selectionName, this.selections.length - 1);
    this.picked.remove(selectionId);
    this.staked.forget(selectionId);
    this.notice = null;
    this.save();
  }

  clear(): void {
    this.picked.clear();
    this.staked.clear();
    this.notice = null;
    this.clearFinishedPlacements();
    this.save();
  }

  get eventIds(): string[] {
    return this.picked.eventIds;
  }

  /** Events with two or more selections: they cannot go in one accumulator. */
  get relatedEventIds(): Set<string> {
    return this.picked.relatedEventIds;
  }

  isRelated(selection: SlipSelection): boolean {
    return this.relatedEventIds.has(selection.eventId);
  }

  /** An outright on the slip: it is backed as a single, so no accumulator or system bet is offered. */
  get hasOutright(): boolean {
    return this.picked.hasOutright;
  }

  get accaOffered(): boolean {
    return this.picked.accaOffered;
  }

  /** The full covers these selections can make (3 to 8 from different matches), in the order the slip lists them. */
  get systemsOffered(): SystemBetType[] {
    return this.picked.systemsOffered;
  }

  /** The n-folds these selections can make (Doubles up), listed above the accumulator. */
  get nFoldsOffered(): SystemBetType[] {
    return this.picked.nFoldsOffered;
  }

  get accaName(): string {
    return accaName(this.selections.length);
  }

  // ---- the Bet Builder line

  get builderLegs(): BuilderLeg[] {
    return this.builder.legs;
  }

  /** The Bet Builder's price from the server; null while it is asked for or when the legs cannot win together. */
  get builderPrice(): Price | null {
    return this.builder.price;
  }

  get builderQuoting(): boolean {
    return this.builder.pricing.quoting;
  }

  /** Why the Bet Builder has no price, in words (impossible together, not buildable, no answer). */
  get builderMessage(): string | null {
    return this.builder.legs.length >= 2 ? this.builder.pricing.message : null;
  }

  inBuilder(selectionId: string): boolean {
    return this.builder.has(selectionId);
  }

  /** A Bet Builder pick from a match page: it joins (or leaves) the slip's one Bet Builder line. */
  toggleBuilder(live: LiveSelection): void {
    this.clearFinishedPlacements();
    this.builder.toggle(live);
    if (this.builder.legs.length === 0) this.staked.forget(BUILDER);
    this.notice = null;
    this.save();
  }

  removeBuilderLeg(selectionId: string): void {
    this.builder.remove(selectionId);
    if (this.builder.legs.length === 0) this.staked.forget(BUILDER);
    this.notice = null;
    this.save();
  }

  clearBuilder(): void {
    this.builder.clear();
    this.staked.forget(BUILDER);
    this.notice = null;
    this.save();
  }

  /** The Bet Builder as a bet on the slip: two legs or more with a stake. */
  private get builderBet(): SlipBet | null {
    const stake = this.staked.stakeOf(BUILDER);
    if (this.builder.legs.length < 2 || stake <= 0) return null;
    return { key: BUILDER, kind: 'bet-builder', stake, total: stake, selections: this.builder.legs };
  }

  // ---- prices

  /** Brings the slip up to the catalogue's newest prices and states. */
  reconcile(find: (selectionId: string) => LiveSelection | null): void {
    const builderMoved = this.builder.reconcile(find);
    if (this.picked.reconcile(find, this.placing) || builderMoved) this.save();
  }

  /** 'up' when the price lengthened since the customer accepted it (better for them), 'down' when it shortened. */
  movement(selection: SlipSelection): 'up' | 'down' | null {
    return this.picked.movement(selection);
  }

  get hasPriceChanges(): boolean {
    return this.picked.hasPriceChanges;
  }

  acceptChanges(): void {
    this.picked.acceptChanges();
    this.notice = null;
    this.save();
  }

  setPriceChanges(policy: PriceChangePolicy): void {
    this.picked.setPriceChanges(policy);
    this.save();
  }

  // ---- stakes and returns

  setStake(key: string, text: string): void {
    if (key === ALL_SINGLES)
      this.staked.setAllSingles(
        text,
        this.selections.map((selection) => selection.selectionId),
      );
    else this.staked.setStake(key, text);
    this.notice = null;
    this.save();
  }

  /** Stakes a single with a free-bet token (its amount), or with nothing when `token` is null. */
  useFreeBet(selectionId: string, token: { freeBetId: string; amount: number } | null): void {
    this.staked.useFreeBet(selectionId, token);
    this.notice = null;
    this.save();
  }

  /** The free bet chosen to stake this single, if one is. */
  freeBetOf(key: string): { freeBetId: string; amount: number } | undefined {
    return this.staked.freeBetOf(key);
  }

  /** A single staked with a free bet that is no longer chosen: it has no stake until the customer gives it one. */
  freeBetGone(key: string): boolean {
    return this.staked.freeBetGone(key);
  }

  stakeOf(key: string): number {
    return this.staked.stakeOf(key);
  }

  /** What the bet under this stake key returns if it wins (a system bet: if every selection wins), or null. */
  returnsOf(key: string): number | null {
    if (key === BUILDER) {
      const stake = this.staked.stakeOf(BUILDER);
      const price = this.builder.price;
      return stake > 0 && price ? returnsFor(stake, [price]) : null;
    }
    return this.staked.returnsOf(key, this.selections);
  }

  /** A system bet's whole stake on the slip now: the stake per line typed, times its lines. */
  systemTotal(type: SystemType): number {
    return this.staked.systemTotal(type, this.selections.length);
  }

  /** The bets Place would send, in slip order: the singles with a stake, the multiples, then the Bet Builder. */
  get bets(): SlipBet[] {
    const builder = this.builderBet;
    return [...this.staked.bets(this.picked), ...(builder ? [builder] : [])];
  }

  /** What the customer's own money stakes: a free bet's stake is not theirs (the slip shows it apart). */
  get totalStake(): number {
    return this.bets.reduce((total, bet) => total + (bet.freeBetId ? 0 : bet.total), 0);
  }

  /** What free bets stake on the slip. */
  get freeBetStake(): number {
    return this.bets.reduce((total, bet) => total + (bet.freeBetId ? bet.total : 0), 0);
  }

  get totalReturns(): number {
    return this.bets.reduce((total, bet) => total + (this.returnsOf(bet.key) ?? 0), 0);
  }

  get shortfall(): number {
    const balance = this.deps.balance();
    if (!this.deps.signedIn() || balance === null) return 0;
    return Math.max(0, this.totalStake - balance);
  }

  /**
   * A bet sent whose outcome is not known yet: being placed, held, pending, being checked, or its answer lost. No other
   * bet is placed until it is known, so a second press never puts the same bets on twice under new bet ids.
   */
  get placing(): boolean {
    return this.sent.placing;
  }

  /** A bet on its way now (sent, or held in play): Place shows it being placed. */
  get sending(): boolean {
    return this.sent.sending;
  }

  /** Why no new bet can be placed while an earlier one is unresolved, in words; null when none is. */
  get waitReason(): string | null {
    return this.sent.waitReason;
  }

  /** Why Place cannot be pressed now, in words; null when it can. */
  get blocker(): string | null {
    if (!this.deps.online()) return 'You are offline. Bets can be placed once you are back online.';
    const wait = this.waitReason;
    if (wait) return wait;
    if (this.lineCount === 0) return 'Add a selection to your bet slip.';
    const bets = this.bets;
    if (bets.length === 0) return 'Enter a stake.';
    const staked = new Set(bets.flatMap((bet) => bet.selections));
    if ([...staked].some((selection) => selection.status === 'suspended'))
      return 'A selection is suspended. Remove it or wait for it to reopen.';
    if ([...staked].some((selection) => selection.status === 'closed' || !selection.price))
      return 'A selection is no longer available. Remove it to continue.';
    if (bets.some((bet) => bet.kind === 'bet-builder') && !this.builder.price)
      return this.builder.pricing.quoting
        ? 'Pricing your Bet Builder…'
        : (this.builder.pricing.message ?? 'Your Bet Builder has no price yet.');
    if (bets.some((bet) => bet.stake < MIN_STAKE_PENCE)) return 'The minimum stake is £0.10.';
    if (bets.some((bet) => bet.total > MAX_STAKE_PENCE)) return 'The maximum stake is £10,000.';
    if (this.hasPriceChanges) return 'Prices have changed. Accept the new prices to continue.';
    return null;
  }

  // ---- placement

  async place(): Promise<void> {
    if (this.waitingForSession) return;
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
      // Signed in at the host a moment ago: the press counts once the session is here (its checks run again then).
      if (await this.waitForSession()) return this.place();
      this.notice = `${LOG_IN_TO_PLACE} Your selections are kept.`;
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
    const bets = this.bets;
    const builder = bets.find((bet) => bet.kind === 'bet-builder');
    const fresh = [
      ...this.sent.forBets(
        bets.filter((bet) => bet !== builder),
        this.priceChanges,
      ),
      ...(builder
        ? [this.sent.forBuilder(this.builder.price!, builder.selections, builder.stake, this.priceChanges)]
        : []),
    ];
    this.sent.begin(fresh);
    // Stored before anything is sent: if the page dies now, the next load asks what became of each bet id.
    this.save();
    await Promise.all(fresh.map((placement) => this.sent.send(placement)));
  }

  /** Waits for a session on its way, showing so; true when it came signed in. */
  private async waitForSession(): Promise<boolean> {
    const arriving = this.deps.sessionOnItsWay?.();
    if (!arriving) return false;
    this.waitingForSession = true;
    this.notice = null;
    this.changed();
    try {
      await arriving;
    } finally {
      this.waitingForSession = false;
      this.changed();
    }
    return this.deps.signedIn();
  }

  /** The session came or went: a "Log in" said before no longer holds once signed in. */
  sessionChanged(): void {
    if (this.deps.signedIn() && this.notice?.startsWith(LOG_IN_TO_PLACE)) {
      this.notice = null;
      this.changed();
    }
  }

  /** Sends again with the same bet id and body: the server answers the first outcome and never places twice. */
  retry(betId: string): Promise<void> {
    return this.sent.retry(betId);
  }

  /** What became of a placement whose answer was lost: asks the server by its bet id. */
  check(betId: string): Promise<void> {
    return this.sent.check(betId);
  }

  /** Every placement whose outcome we do not know yet, and those found not placed (after a reload, a reconnect, back online). */
  checkUnresolved(): void {
    this.sent.checkUnresolved();
  }

  /** A `bet` push from the socket. It also corrects a placement found not placed: the server's word is the truth. */
  onBet(bet: BetView): void {
    this.sent.onBet(bet);
  }

  private placementChanged(change: PlacementChange): void {
    // Why Place waited follows the bets it waits for (and goes once none is unresolved).
    if (change !== 'kept' && isWaitWords(this.notice)) this.notice = this.waitReason;
    this.save();
    if (change === 'accepted') this.deps.onBetsChanged?.();
  }

  get unresolved(): Placement[] {
    return this.sent.unresolved;
  }

  /** The receipt's Done: accepted bets leave the slip with their selections; refused ones stay to be fixed. */
  dismissPlacements(): void {
    const accepted = this.sent.accepted;
    const placedIds = new Set(
      accepted.flatMap((placement) => placement.request.selections.map((selection) => selection.selectionId)),
    );
    this.picked.keepOnly((selection) => !placedIds.has(selection.selectionId));
    for (const id of placedIds) this.staked.forget(id);
    if (accepted.some((placement) => placement.request.kind === 'accumulator')) delete this.stakes[ACCA];
    if (accepted.some((placement) => placement.request.kind === 'single')) delete this.stakes[ALL_SINGLES];
    for (const placement of accepted)
      if (placement.request.system) delete this.stakes[systemKey(placement.request.system)];
    if (accepted.some((placement) => placement.request.kind === 'bet-builder')) {
      this.builder.clear();
      this.staked.forget(BUILDER);
    }
    this.sent.forgetFinished();
    this.save();
  }

  private clearFinishedPlacements(): void {
    if (this.placements.some((placement) => placement.state === 'accepted')) this.dismissPlacements();
    else this.sent.forgetFinished();
  }

  // ---- persistence

  private save(): void {
    this.persistence.save({
      selections: this.selections,
      stakes: this.stakes,
      priceChanges: this.priceChanges,
      placements: this.placements,
      freeBetStakes: this.freeBetStakes,
      setAside: this.sent.setAside,
      builder: this.builder.legs,
    });
    this.changed();
  }

  private load(): void {
    const stored = this.persistence.load();
    if (!stored) return;
    if (stored.selections) this.picked.list = stored.selections;
    if (stored.stakes) this.staked.stakes = stored.stakes;
    if (stored.freeBetStakes) this.staked.freeBetStakes = stored.freeBetStakes;
    if (stored.priceChanges) this.picked.priceChanges = stored.priceChanges;
    if (stored.placements) this.sent.list = stored.placements;
    if (stored.setAside) this.sent.setAside = stored.setAside;
    if (stored.builder?.length) this.builder.restore(stored.builder);
  }
}
