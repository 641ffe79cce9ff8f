/**
 * What a bet pays, by the Betting Rules (Section A): pure arithmetic on integer pence and exact prices; the
 * service stores the figure once and pays it once.
 */
import {
  NET_PAYOUT_CAP_PENCE,
  PAYOUT_CAP_WINDOW_MS,
  type LegResult,
  type Price,
} from '../../../src/contract/sportsbook-rules';
import { wholePence } from '../../../src/contract/rules/money';

export interface SettlementLeg {
  /** The price the bet was struck at. */
  price: Price;
  result: LegResult;
  /** A dead heat: how many clubs tied (result 'dead-heat'). */
  deadHeatWays?: number | null;
}

export type BetSettlement = { status: 'open' } | { status: 'won' | 'lost' | 'void'; returns: number };

/**
 * What one settled leg multiplies the stake by, as an exact fraction: won, its decimal odds (num + den) / den;
 * void, 1; lost, 0; half-won (half the stake won at the odds, half returned), ((num + den) / den + 1) / 2 =
 * (num + 2 den) / (2 den); half-lost (half the stake returned, half lost), 1 / 2. An Asian handicap quarter line
 * is the only market that settles half-won or half-lost.
 */
export function legFactor(leg: SettlementLeg): { numerator: bigint; denominator: bigint } {
  const num = BigInt(leg.price.num);
  const den = BigInt(leg.price.den);
  switch (leg.result) {
    case 'won':
      return { numerator: num + den, denominator: den };
    case 'half-won':
      return { numerator: num + 2n * den, denominator: 2n * den };
    case 'half-lost':
      return { numerator: 1n, denominator: 2n };
    case 'dead-heat': {
      // "Dead heat": the stake is divided by the number tied and that part is paid at full odds, the rest is lost.
      const ways = leg.deadHeatWays ?? 0;
      if (!Number.isInteger(ways) || ways < 2) throw new Error(`a dead heat is between two or more, got ${ways}`);
      return { numerator: num + den, denominator: den * BigInt(ways) };
    }
    case 'void':
      return { numerator: 1n, denominator: 1n };
    case 'lost':
      return { numerator: 0n, denominator: 1n };
    case 'open':
      throw new Error('an open leg has no factor yet');
  }
}

/**
 * A single is a bet of one leg; an accumulator multiplies its legs. Any lost leg loses the bet at once, even with
 * legs still open; otherwise an open leg keeps it open. "A void bet is settled at odds of 1.00": void legs drop
 * out and the rest is paid at the other legs' odds; every leg void returns the stake as a void bet. A half-won or
 * half-lost leg (a quarter line) multiplies by its factor (legFactor). The payout is the stake times the exact
 * product of the legs' factors, rounded down to the penny once, at the end. The bet is won when that product is at
 * least 1 (it returns at least its stake), lost when below (a half-lost leg returns part of the stake).
 */
export function settleBet(stakePence: number, legs: readonly SettlementLeg[]): BetSettlement {
  if (!Number.isSafeInteger(stakePence) || stakePence <= 0)
    throw new RangeError(`stake must be whole pence, got ${stakePence}`);
  if (legs.length === 0) throw new Error('a bet has at least one leg');
  if (legs.some((leg) => leg.result === 'lost')) return { status: 'lost', returns: 0 };
  if (legs.some((leg) => leg.result === 'open')) return { status: 'open' };
  if (legs.every((leg) => leg.result === 'void')) return { status: 'void', returns: stakePence };
  let numerator = BigInt(stakePence);
  let denominator = 1n;
  for (const leg of legs) {
    const factor = legFactor(leg);
    numerator *= factor.numerator;
    denominator *= factor.denominator;
  }
  const returns = numerator / denominator;
  return { status: numerator >= denominator * BigInt(stakePence) ? 'won' : 'lost', returns: wholePence(returns) };
}

/**
 * The share of the stake that one settled leg keeps in play, as an exact fraction: all of it when the leg won, was
 * void or half-won (half at the odds, half returned); half when half-lost; 1/ways in a dead heat; none when lost.
 */
function legStakeKept(leg: SettlementLeg): { numerator: bigint; denominator: bigint } {
  switch (leg.result) {
    case 'half-lost':
      return { numerator: 1n, denominator: 2n };
    case 'dead-heat':
      return { numerator: 1n, denominator: BigInt(leg.deadHeatWays ?? 0) };
    case 'lost':
      return { numerator: 0n, denominator: 1n };
    default:
      return { numerator: 1n, denominator: 1n };
  }
}

/**
 * A free bet pays its winnings only: what a cash bet of that stake would return, less the part of the stake that
 * would come back with it. A dead heat keeps 1/ways of the stake in play, so a £10 free bet at 4/1 in a two-way dead
 * heat pays £5 at 4/1 less that £5: £20 (not £50 - £10 halved, nor £25 - £10). Exactly: stake x (product of the legs'
 * factors - product of the stake they keep), rounded down once. Won when it pays anything (none of the stake was
 * the customer's); a void free bet pays nothing (its token comes back instead).
 */
export function settleFreeBet(stakePence: number, legs: readonly SettlementLeg[]): BetSettlement {
  const cash = settleBet(stakePence, legs);
  if (cash.status === 'open' || cash.returns === 0) return cash;
  if (cash.status === 'void') return { status: 'void', returns: 0 };
  let factor = { numerator: 1n, denominator: 1n };
  let kept = { numerator: 1n, denominator: 1n };
  for (const leg of legs) {
    const legFactorOf = legFactor(leg);
    const legKept = legStakeKept(leg);
    factor = {
      numerator: factor.numerator * legFactorOf.numerator,
      denominator: factor.denominator * legFactorOf.denominator,
    };
    kept = { numerator: kept.numerator * legKept.numerator, denominator: kept.denominator * legKept.denominator };
  }
  const winnings =
    (BigInt(stakePence) * (factor.numerator * kept.denominator - kept.numerator * factor.denominator)) /
    (factor.denominator * kept.denominator);
  const returns = wholePence(winnings);
  return { status: returns > 0 ? 'won' : 'lost', returns };
}

/**
 * A Bet Builder is one bet at one price on legs of one match, so it settles as a single leg at that price: won only
 * when every leg wins, lost when one loses. A void leg voids the whole bet, whatever the other legs did, as UK
 * bookmakers' Bet Builder rules have it ("if a leg within a Bet Builder is voided, the entire Bet Builder will be
 * voided, regardless of the outcome of the other legs"): its price was made for all the legs together, and no
 * price for the rest was ever quoted. It waits while a leg is open, since a later void would void it.
 */
function betBuilderLeg(price: Price, results: readonly LegResult[]): SettlementLeg {
  if (results.includes('void')) return { price, result: 'void' };
  if (results.includes('open')) return { price, result: 'open' };
  return { price, result: results.every((result) => result === 'won') ? 'won' : 'lost' };
}

/** The legs settleBet multiplies for a stored bet: its legs at their prices, or a Bet Builder's one leg at its price. */
export function settlementLegsOf(
  bet: { price_num: number | null; price_den: number | null },
  legs: ReadonlyArray<{ price_num: number; price_den: number; result: LegResult; dead_heat_ways?: number | null }>,
): SettlementLeg[] {
  if (bet.price_num && bet.price_den)
    return [
      betBuilderLeg(
        { num: bet.price_num, den: bet.price_den },
        legs.map((leg) => leg.result),
      ),
    ];
  return legs.map((leg) => ({
    price: { num: leg.price_num, den: leg.price_den },
    result: leg.result,
    deadHeatWays: leg.dead_heat_ways ?? null,
  }));
}

export interface SettledBetFigures {
  settledAt: Date | number;
  stake: number;
  /** What was paid, after any cap. */
  returns: number;
}

/**
 * Betting Rules, Payout limit: "The most we will pay to any one account is £200,000 net in any 24-hour period.
 * 'Net' means the total paid out on bets settled in that period, minus the stakes of those bets."
 *
 * The figure to pass to applyPayoutCap: the largest net over any stretch of the last 24 hours that ends now, i.e.
 * the largest suffix sum of (returns - stake) over the account's bets settled since now - 24 h (0 if none is
 * positive), the bets of one instant taken whole. Not the plain sum of the last 24 hours: a loss early in that window lowers the plain sum, yet a
 * 24-hour period starting just after the loss does not contain it, and its net must not exceed the cap either.
 * Checking every suffix at each settlement keeps every 24-hour period within the cap, since any period's bets are
 * a suffix of the bets in the 24 hours before its last settlement.
 */
export function netPaidInWindow(settled: readonly SettledBetFigures[], now: Date | number): number {
  const end = +now;
  const start = end - PAYOUT_CAP_WINDOW_MS;
  const recent = settled
    .filter((bet) => +bet.settledAt >= start && +bet.settledAt <= end)
    .sort((a, b) => +b.settledAt - +a.settledAt);
  let suffix = 0;
  let largest = 0;
  recent.forEach((bet, index) => {
    suffix += bet.returns - bet.stake;
    // Bets settled at one instant are in a 24-hour period together or not at all: a stretch ends between instants.
    const next = recent[index + 1];
    if (next === undefined || +next.settledAt !== +bet.settledAt) largest = Math.max(largest, suffix);
  });
  return largest;
}

/**
 * The returns to pay once the cap is applied, given the net already paid in the window (netPaidInWindow).
 * - The cap limits winnings only: a bet that returns at least its stake always gets the stake back, so a win with
 *   no allowance left pays exactly the stake and a void bet is never cut.
 * - A bet whose returns are below its stake (lost, or a cash out under the stake) has no net winnings: nothing to
 *   cap, paid as it is; its loss lowers later nets through netPaidInWindow.
 * - The winnings paid are min(net, cap - alreadyPaid), never negative, even if the window is already over the
 *   cap (a lower cap set since, or bets settled before the cap existed).
 * - The service must read the window and pay under one lock per account, or two settlements racing could each
 *   see the whole allowance.
 */
export function applyPayoutCap(
  returns: number,
  stake: number,
  netAlreadyPaidInWindow: number,
  cap: number = NET_PAYOUT_CAP_PENCE,
): number {
  for (const [name, pence] of [
    ['returns', returns],
    ['stake', stake],
    ['net already paid', netAlreadyPaidInWindow],
    ['cap', cap],
  ] as const) {
    if (!Number.isSafeInteger(pence)) throw new RangeError(`${name} must be whole pence, got ${pence}`);
  }
  const net = returns - stake;
  if (net <= 0) return returns;
  const allowance = Math.max(0, cap - Math.max(0, netAlreadyPaidInWindow));
  return stake + Math.min(net, allowance);
}
