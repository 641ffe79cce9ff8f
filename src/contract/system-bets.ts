/**
 * System bets (Betting Rules: "System bets: up to 12 offers per coupon; Trixie 3 matches, Patent 3, Yankee 4,
 * Canadian 5, Heinz 6, Super Heinz 7, Goliath 8"), plus the Lucky 15, 31 and 63 UK customers expect. A system bet
 * on n selections is every combination of them of the sizes it names: each combination is one line (a single, a
 * double, a treble, ...) with the same stake. Free of zod and of the server, so the frame's slip and the server's
 * settlement count lines the same way.
 */
import type { Price, SystemType } from './sportsbook-rules';
import { returnsFor } from './rules/odds';
import { sumPence, wholePence } from './rules/money';

export interface SystemBetType {
  type: SystemType;
  /** As the slip and My Bets name it. */
  name: string;
  /** Exactly this many selections. */
  selections: number;
  /** Lines include the singles (Patent and the Lucky bets); otherwise doubles and up. */
  singles: boolean;
}

export const SYSTEM_BET_TYPES: readonly SystemBetType[] = [
  { type: 'trixie', name: 'Trixie', selections: 3, singles: false },
  { type: 'patent', name: 'Patent', selections: 3, singles: true },
  { type: 'yankee', name: 'Yankee', selections: 4, singles: false },
  { type: 'lucky15', name: 'Lucky 15', selections: 4, singles: true },
  { type: 'canadian', name: 'Canadian (Super Yankee)', selections: 5, singles: false },
  { type: 'lucky31', name: 'Lucky 31', selections: 5, singles: true },
  { type: 'heinz', name: 'Heinz', selections: 6, singles: false },
  { type: 'lucky63', name: 'Lucky 63', selections: 6, singles: true },
  { type: 'super-heinz', name: 'Super Heinz', selections: 7, singles: false },
  { type: 'goliath', name: 'Goliath', selections: 8, singles: false },
];

export function systemBetType(type: SystemType): SystemBetType {
  return SYSTEM_BET_TYPES.find((candidate) => candidate.type === type)!;
}

/** The system bets a slip of this many selections can make, in the order the slip lists them. */
export function systemBetsFor(selectionCount: number): SystemBetType[] {
  return SYSTEM_BET_TYPES.filter((candidate) => candidate.selections === selectionCount);
}

/**
 * Every line of a system bet as the positions of its legs (0-based, ascending), smallest lines first: for a Trixie
 * [0,1] [0,2] [1,2] [0,1,2]. A Trixie has 4 lines, a Yankee 11, a Goliath 247, a Lucky 63 63.
 */
export function systemLines(type: SystemType): readonly (readonly number[])[] {
  let lines = LINES.get(type);
  if (!lines) {
    const { selections, singles } = systemBetType(type);
    const made: number[][] = [];
    for (let size = singles ? 1 : 2; size <= selections; size++) made.push(...combinations(selections, size));
    LINES.set(type, (lines = made));
  }
  return lines;
}

const LINES = new Map<SystemType, readonly (readonly number[])[]>();

export function lineCount(type: SystemType): number {
  return systemLines(type).length;
}

/**
 * The Lucky bets' bonuses, on the usual UK bookmaker terms (the specification is silent on them): when exactly one
 * selection wins and every other loses, that single is paid at double its odds (9/2 paid as 9/1); when every
 * selection wins, the bet's returns get a bonus of this percent. Neither applies when any selection is void or settles
 * half won or half lost: the bet is then settled line by line as usual.
 */
export const LUCKY_ALL_WINNERS_BONUS_PERCENT: Partial<Record<SystemType, number>> = {
  lucky15: 10,
  lucky31: 20,
  lucky63: 25,
};

/** The Lucky bet's bonus terms in words, as the slip shows them; null for other system bets. */
export function luckyBonusWords(type: SystemType): string | null {
  const percent = LUCKY_ALL_WINNERS_BONUS_PERCENT[type];
  if (percent === undefined) return null;
  return `One winner: its single is paid at double the odds. All ${systemBetType(type).selections} win: a ${percent}% bonus on the returns.`;
}

/** Returns plus the all-winners bonus of a Lucky bet (rounded down), or the returns as they are for any other. */
export function withAllWinnersBonus(type: SystemType, returns: number): number {
  const percent = LUCKY_ALL_WINNERS_BONUS_PERCENT[type];
  return percent === undefined ? returns : wholePence((BigInt(returns) * BigInt(100 + percent)) / 100n);
}

/** A Lucky bet's one winning single at double its odds: stake x (1 + 2 x num / den), rounded down. */
export function doubleOddsSingle(stakePerLine: number, price: Price): number {
  return wholePence((BigInt(stakePerLine) * BigInt(price.den + 2 * price.num)) / BigInt(price.den));
}

/**
 * What a system bet returns if every leg wins at these prices (legs in slip order): each line's returns rounded
 * down to the penny (each line is a bet of its own), added up; a Lucky bet's all-winners bonus on top.
 */
export function systemPotentialReturns(type: SystemType, stakePerLine: number, prices: readonly Price[]): number {
  return withAllWinnersBonus(
    type,
    sumPence(
      systemLines(type).map((line) =>
        returnsFor(
          stakePerLine,
          line.map((position) => prices[position]!),
        ),
      ),
    ),
  );
}

function combinations(n: number, size: number): number[][] {
  const result: number[][] = [];
  const pick = (start: number, chosen: number[]) => {
    if (chosen.length === size) return void result.push(chosen);
    for (let index = start; index <= n - (size - chosen.length); index++) pick(index + 1, [...chosen, index]);
  };
  pick(0, []);
  return result;
}
