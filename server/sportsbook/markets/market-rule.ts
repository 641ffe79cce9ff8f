import type { ScoreDistribution, ScoreGrid, ValueDistribution } from '../pricing/score-distribution';
import type { FinalResult, MarketSpec, MatchState, SelectionOutcome } from '../pricing/types';

interface Teams {
  home: string;
  away: string;
}

/** How likely each way a selection can settle is, now. An impossible way has exactly 0. */
export interface SelectionChances {
  win: number;
  void: number;
  lose: number;
}

/** One market type: its markets for an event, its chances from the score distribution, and its settlement. */
export interface MarketRule {
  specs(teams: Teams): MarketSpec[];
  /** In the order of spec.selections. */
  chances(spec: MarketSpec, distribution: ScoreDistribution, state: MatchState): SelectionChances[];
  settle(spec: MarketSpec, selectionKey: string, result: FinalResult): SelectionOutcome;
  /** The market's period is over though the match goes on (a first-half market after half time). */
  periodOver?(state: MatchState): boolean;
}

/**
 * How one selection settles on a figure of the full-time score (the score itself, its goal difference or its
 * total): the same function prices the selection, summed over the distribution, and settles it.
 */
export type Outcome<Figure extends unknown[]> = (
  spec: MarketSpec,
  selectionKey: string,
  ...figure: Figure
) => SelectionOutcome;

/**
 * Adds a score's mass to the way it settles the selection. A half-won or half-lost score is half a stake won (or
 * lost) and half returned, so its mass goes half to win (lose) and half to void: the price made from win / (win +
 * lose) then returns exactly the stake on average at fair odds, as for any selection that can be void.
 */
function tally(chances: SelectionChances, settled: SelectionOutcome, mass: number): void {
  switch (settled) {
    case 'won':
      chances.win += mass;
      break;
    case 'void':
      chances.void += mass;
      break;
    case 'lost':
      chances.lose += mass;
      break;
    case 'half-won':
      chances.win += mass / 2;
      chances.void += mass / 2;
      break;
    case 'half-lost':
      chances.lose += mass / 2;
      chances.void += mass / 2;
      break;
  }
}

/** A market settled on the full-time score. */
export function fullTimeRule(specs: MarketRule['specs'], outcome: Outcome<[home: number, away: number]>): MarketRule {
  return {
    specs,
    chances: (spec, { fullTime: grid }: { fullTime: ScoreGrid }) =>
      spec.selections.map(({ key }) => {
        const chances = { win: 0, void: 0, lose: 0 };
        for (let i = 0; i < grid.size; i++) {
          for (let j = 0; j < grid.size; j++)
            tally(chances, outcome(spec, key, grid.home + i, grid.away + j), grid.mass[i * grid.size + j]!);
        }
        return chances;
      }),
    settle: (spec, key, { fullTime }) => outcome(spec, checkedKey(spec, key), fullTime.home, fullTime.away),
  };
}

function valueRule(
  specs: MarketRule['specs'],
  outcome: Outcome<[value: number]>,
  pick: (distribution: ScoreDistribution) => ValueDistribution,
  valueOf: (result: FinalResult) => number,
): MarketRule {
  return {
    specs,
    chances: (spec, distribution) => {
      const { lowest, mass } = pick(distribution);
      return spec.selections.map(({ key }) => {
        const chances = { win: 0, void: 0, lose: 0 };
        for (let k = 0; k < mass.length; k++) tally(chances, outcome(spec, key, lowest + k), mass[k]!);
        return chances;
      });
    },
    settle: (spec, key, result) => outcome(spec, checkedKey(spec, key), valueOf(result)),
  };
}

/** A market settled on full-time home goals minus away goals. */
export const goalDifferenceRule = (specs: MarketRule['specs'], outcome: Outcome<[difference: number]>): MarketRule =>
  valueRule(
    specs,
    outcome,
    (distribution) => distribution.goalDifference,
    ({ fullTime }) => fullTime.home - fullTime.away,
  );

/** A market settled on the full-time total of goals. */
export const totalGoalsRule = (specs: MarketRule['specs'], outcome: Outcome<[total: number]>): MarketRule =>
  valueRule(
    specs,
    outcome,
    (distribution) => distribution.totalGoals,
    ({ fullTime }) => fullTime.home + fullTime.away,
  );

/**
 * For markets where exactly one selection wins whatever the score: each selection loses with the others' wins,
 * summed rather than taken from 1 so that an impossible outcome stays exactly 0.
 */
export function partitionChances(wins: readonly number[]): SelectionChances[] {
  return wins.map((win, index) => ({
    win,
    void: 0,
    lose: wins.reduce((sum, other, at) => (at === index ? sum : sum + other), 0),
  }));
}

export function checkedKey(spec: MarketSpec, selectionKey: string): string {
  if (!spec.selections.some((selection) => selection.key === selectionKey)) {
    throw new Error(`market ${spec.key} has no selection ${selectionKey}`);
  }
  return selectionKey;
}

/** The market's goals line; a total or handicap without one must never settle (NaN would lose every bet). */
export function lineOf(spec: MarketSpec): number {
  if (spec.line === null || !Number.isFinite(spec.line)) throw new Error(`market ${spec.key} has no line`);
  return spec.line;
}

export const won = (condition: boolean): SelectionOutcome => (condition ? 'won' : 'lost');

/**
 * Betting Rules, Asian handicap: "Quarter lines (such as -0.25 or -0.75): your stake is split equally between the
 * two nearest lines." The margin is the figure after the handicap (goal difference plus the line, for the side
 * backed). Half and whole lines settle as againstLine; a quarter line settles each half of the stake on its
 * neighbours, 0.5 apart, so one of them is a whole line: one half won and one void is half-won, one void and one
 * lost is half-lost, both alike settle alike (one won and one lost cannot happen).
 */
export function againstAsianLine(margin: number): SelectionOutcome {
  if (Number.isInteger(margin * 2)) return againstLine(margin);
  const lower = againstLine(margin - 0.25);
  const upper = againstLine(margin + 0.25);
  if (lower === upper) return lower;
  return lower === 'won' || upper === 'won' ? 'half-won' : 'half-lost';
}

/** won above zero, void at zero, lost below: a line's settlement after the handicap or against the total. */
export const againstLine = (margin: number): SelectionOutcome => (margin > 0 ? 'won' : margin === 0 ? 'void' : 'lost');

export const RESULT_KEYS = ['home', 'draw', 'away'] as const;
