import { returnsFor } from '../../../contract/rules/odds';
import { penceToPoundsInput, poundsToPence } from '../../../contract/rules/money';
import type { Price, SystemType } from '../../../contract/sportsbook-rules';
import { lineCount, systemPotentialReturns, type SystemBetType } from '../../../contract/system-bets';
import { ACCA, ALL_SINGLES, systemKey, systemOfKey, type SlipBet, type SlipSelection } from './model';

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

type FreeBetToken = { freeBetId: string; amount: number };

/** The selections the stakes apply to, and the combinations they offer. */
interface StakedSelections {
  list: SlipSelection[];
  accaOffered: boolean;
  systemsOffered: SystemBetType[];
  nFoldsOffered: SystemBetType[];
}

/**
 * The slip's stakes, as typed in pounds (per selection id for singles, ACCA for the accumulator, systemKey for a
 * system bet's stake per line), the singles staked with a free bet, and the bets and returns they make.
 */
export class SlipStakes {
  stakes: Record<string, string> = {};
  /**
   * Singles staked with a free bet (selection id to free-bet id). Kept with the slip, so a single whose token is no
   * longer chosen (used, expired, or the list forgotten) has no stake rather than the token's amount as cash.
   */
  freeBetStakes: Record<string, string> = {};

  /** `freeBetFor`: the free-bet token chosen to stake this single (FreeBetsStore), if any. */
  constructor(private readonly freeBetFor?: (selectionId: string) => FreeBetToken | undefined) {}

  setStake(key: string, text: string): void {
    const cleaned = text.replace(/[^0-9.]/g, '');
    const [pounds = '', ...rest] = cleaned.split('.');
    const value = rest.length ? `${pounds.slice(0, 5)}.${rest.join('').slice(0, 2)}` : pounds.slice(0, 5);
    if (value) this.stakes[key] = value;
    else delete this.stakes[key];
    // A stake typed is the customer's own money, never a free bet's.
    delete this.freeBetStakes[key];
  }

  /**
   * The "stake all singles" box: what is typed there becomes every single's stake, but a single staked with a free
   * bet keeps it (the customer chose it for that single).
   */
  setAllSingles(text: string, selectionIds: readonly string[]): void {
    this.setStake(ALL_SINGLES, text);
    const value = this.stakes[ALL_SINGLES];
    for (const selectionId of selectionIds) {
      if (this.freeBetStakes[selectionId] !== undefined) continue;
      if (value) this.stakes[selectionId] = value;
      else delete this.stakes[selectionId];
    }
  }

  /** Stakes a single with a free-bet token (its amount), or with nothing when `token` is null. */
  useFreeBet(selectionId: string, token: FreeBetToken | null): void {
    if (token) {
      this.stakes[selectionId] = penceToPoundsInput(token.amount);
      this.freeBetStakes[selectionId] = token.freeBetId;
    } else this.forget(selectionId);
  }

  /** Drops the stake under this key (a selection gone from the slip, a bet placed). */
  forget(key: string): void {
    delete this.stakes[key];
    delete this.freeBetStakes[key];
  }

  clear(): void {
    this.stakes = {};
    this.freeBetStakes = {};
  }

  /** The free bet chosen to stake this single, if one is. */
  freeBetOf(key: string): FreeBetToken | undefined {
    return key === ACCA || systemOfKey(key) ? undefined : this.freeBetFor?.(key);
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
  returnsOf(key: string, selections: SlipSelection[]): number | null {
    const stake = this.stakeFor(key);
    if (stake <= 0) return null;
    const single = key !== ACCA && !systemOfKey(key);
    const prices = single
      ? [selections.find((selection) => selection.selectionId === key)?.price ?? null]
      : selections.map((selection) => selection.price);
    if (prices.some((price) => !price)) return null;
    return potentialReturns(stake, prices as Price[], { system: systemOfKey(key), freeBet: !!this.freeBetOf(key) });
  }

  /** A system bet's whole stake on the slip now: the stake per line typed, times its lines on these selections. */
  systemTotal(type: SystemType, selectionCount: number): number {
    return this.stakeOf(systemKey(type)) * lineCount(type, selectionCount);
  }

  /**
   * The bets Place would send, in slip order: the singles with a stake, the n-folds, the accumulator, then the full
   * covers.
   */
  bets(selections: StakedSelections): SlipBet[] {
    const bets: SlipBet[] = [];
    for (const selection of selections.list) {
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
    const systemBet = ({ type }: SystemBetType) => {
      const stake = this.stakeOf(systemKey(type));
      if (stake > 0)
        bets.push({
          key: systemKey(type),
          kind: 'system',
          system: type,
          stake,
          total: stake * lineCount(type, selections.list.length),
          selections: selections.list,
        });
    };
    selections.nFoldsOffered.forEach(systemBet);
    const accaStake = this.stakeOf(ACCA);
    if (selections.accaOffered && accaStake > 0)
      bets.push({ key: ACCA, kind: 'accumulator', stake: accaStake, total: accaStake, selections: selections.list });
    selections.systemsOffered.forEach(systemBet);
    return bets;
  }
}
