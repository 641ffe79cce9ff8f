/**
 * System bets (Betting Rules: "System bets: up to 12 offers per coupon; Trixie 3 matches, Patent 3, Yankee 4,
 * Canadian 5, Heinz 6, Super Heinz 7, Goliath 8"), plus the Lucky 15, 31 and 63 UK customers expect: the full covers.
 * A full cover on n selections is every combination of them of the sizes it names. The n-folds (Doubles, Trebles,
 * 4-Folds...) are every combination of one size, on any number of selections above it: Doubles on 4 selections are
 * its 6 doubles. Each combination is one line (a single, a double, a treble, ...) with the same stake. Free of zod and
 * of the server, so the frame's slip and the server's settlement count lines the same way.
 */
import { MAX_SELECTIONS, type Price, type SystemType } from './sportsbook-rules';
import { returnsFor } from './rules/odds';
import { sumPence, wholePence } from './rules/money';

export interface SystemBetType {
  type: SystemType;
  /** As the slip and My Bets name it. */
  name: string;
  /** A full cover takes exactly this many selections; null for an n-fold (any number above its fold). */
  selections: number | null;
  /** Lines include the singles (Patent and the Lucky bets); otherwise doubles and up. */
  singles: boolean;
  /** An n-fold's legs in every line (Doubles 2, Trebles 3); null for a full cover, whose lines are of every size. */
  fold: number | null;
}

const fullCover = (type: SystemType, name: string, selections: number, singles: boolean): SystemBetType => ({
  type,
  name,
  selections,
  singles,
  fold: null,
});
const nFold = (type: SystemType, name: string, fold: number): SystemBetType => ({
  type,
  name,
  selections: null,
  singles: false,
  fold,
});

export const SYSTEM_BET_TYPES: readonly SystemBetType[] = [
  fullCover('trixie', 'Trixie', 3, false),
  fullCover('patent', 'Patent', 3, true),
  fullCover('yankee', 'Yankee', 4, false),
  fullCover('lucky15', 'Lucky 15', 4, true),
  fullCover('canadian', 'Canadian (Super Yankee)', 5, false),
  fullCover('lucky31', 'Lucky 31', 5, true),
  fullCover('heinz', 'Heinz', 6, false),
  fullCover('lucky63', 'Lucky 63', 6, true),
  fullCover('super-heinz', 'Super Heinz', 7, false),
  fullCover('goliath', 'Goliath', 8, false),
  nFold('doubles', 'Doubles', 2),
  nFold('trebles', 'Trebles', 3),
  nFold('fourfolds', '4-Folds', 4),
  nFold('fivefolds', '5-Folds', 5),
  nFold('sixfolds', '6-Folds', 6),
  nFold('sevenfolds', '7-Folds', 7),
  nFold('eightfolds', '8-Folds', 8),
  nFold('ninefolds', '9-Folds', 9),
  nFold('tenfolds', '10-Folds', 10),
  nFold('elevenfolds', '11-Folds', 11),
];

export function systemBetType(type: SystemType): SystemBetType {
  return SYSTEM_BET_TYPES.find((candidate) => candidate.type === type)!;
}

/** The full covers a slip of this many selections can make, in the order the slip lists them. */
export function systemBetsFor(selectionCount: number): SystemBetType[] {
  return SYSTEM_BET_TYPES.filter((candidate) => candidate.selections === selectionCount);
}

/**
 * The n-folds a slip of this many selections can make, smallest first: Doubles up to the fold one short of them all
 * (all of them in one line is the accumulator).
 */
export function nFoldsFor(selectionCount: number): SystemBetType[] {
  if (selectionCount > MAX_SELECTIONS) return [];
  return SYSTEM_BET_TYPES.filter((candidate) => candidate.fold !== null && candidate.fold < selectionCount);
}

/** Whether a system bet of this type can be made of this many selections. */
export function fitsSelections(type: SystemType, selectionCount: number): boolean {
  const { selections, fold } = systemBetType(type);
  return selections !== null
    ? selectionCount === selections
    : fold! < selectionCount && selectionCount <= MAX_SELECTIONS;
}

/**
 * Every line of a system bet as the positions of its legs (0-based, ascending), smallest lines first: for a Trixie
 * [0,1] [0,2] [1,2] [0,1,2]. A Trixie has 4 lines, a Yankee 11, a Goliath 247, a Lucky 63 63; Doubles on 4
 * selections 6. A full cover knows its number of selections; an n-fold is told it.
 */
export function systemLines(type: SystemType, selectionCount?: number): readonly (readonly number[])[] {
  const { selections, singles, fold } = systemBetType(type);
  const count = selections ?? selectionCount;
  if (count === undefined) throw new Error(`The lines of ${type} depend on the number of selections`);
  const key = `${type}:${count}`;
  let lines = LINES.get(key);
  if (!lines) {
    const made: number[][] = [];
    if (fold !== null) made.push(...combinations(count, fold));
    else for (let size = singles ? 1 : 2; size <= count; size++) made.push(...combinations(count, size));
    LINES.set(key, (lines = made));
  }
  return lines;
}

const LINES = new Map<string, readonly (readonly number[])[]>();

export function lineCount(type: SystemType, selectionCount?: number): number {
  return systemLines(type, selectionCount).length;
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
  return `One winner: its single is paid at double the odds. All ${systemBetType(type).selections!} win: a ${percent}% bonus on the returns.`;
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
      systemLines(type, prices.length).map((line) =>
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
