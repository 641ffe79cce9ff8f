import { describe, expect, it } from 'vitest';
import { settleStoredBet, settleSystemBet, systemStake } from '../../server/sportsbook/bets/system-bets';
import { PlacementRefused } from '../../server/sportsbook/bets/slip';
import { applyPayoutCap } from '../../server/sportsbook/bets/settlement';
import {
  fitsSelections,
  lineCount,
  nFoldsFor,
  systemLines,
  systemPotentialReturns,
} from '../../src/contract/system-bets';
import { NET_PAYOUT_CAP_PENCE, type LegResult, type Price, type SystemType } from '../../src/contract/sportsbook-rules';

/** The n-folds (Doubles, Trebles, 4-Folds... 11-Folds): every combination of one size, as one bet of many lines. */

const evens: Price = { num: 1, den: 1 };
const leg = (result: LegResult, price: Price = evens) => ({ price, result });

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PlacementRefused);
    return { code: (error as PlacementRefused).refusal, message: (error as PlacementRefused).message };
  }
  throw new Error('not refused');
}

describe('n-folds: lines', () => {
  it.each<[SystemType, number, number]>([
    ['doubles', 3, 3],
    ['doubles', 4, 6],
    ['trebles', 4, 4],
    ['doubles', 8, 28],
    ['fourfolds', 8, 70],
    ['sixfolds', 12, 924],
    ['elevenfolds', 12, 12],
  ])('%s on %i selections are C(n, k): %i lines, each of that size and each different', (type, selections, lines) => {
    expect(lineCount(type, selections)).toBe(lines);
    const made = systemLines(type, selections);
    expect(new Set(made.map((line) => line.join(','))).size).toBe(lines);
    const size = made[0]!.length;
    for (const line of made) {
      expect(line).toHaveLength(size);
      expect(
        line.every((position, index) => position < selections && (index === 0 || position > line[index - 1]!)),
      ).toBe(true);
    }
  });

  it('Doubles on 4 are the six doubles, Trebles on 4 the four trebles, in slip order', () => {
    expect(systemLines('doubles', 4)).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
    expect(systemLines('trebles', 4)).toEqual([
      [0, 1, 2],
      [0, 1, 3],
      [0, 2, 3],
      [1, 2, 3],
    ]);
  });

  it('an n-fold needs more selections than its fold (all of them in one line is the accumulator), at most 12', () => {
    expect(nFoldsFor(2)).toEqual([]);
    expect(nFoldsFor(3).map((type) => type.name)).toEqual(['Doubles']);
    expect(nFoldsFor(4).map((type) => type.name)).toEqual(['Doubles', 'Trebles']);
    expect(nFoldsFor(12).map((type) => type.name)).toEqual([
      'Doubles',
      'Trebles',
      '4-Folds',
      '5-Folds',
      '6-Folds',
      '7-Folds',
      '8-Folds',
      '9-Folds',
      '10-Folds',
      '11-Folds',
    ]);
    expect(nFoldsFor(13)).toEqual([]);
    expect(fitsSelections('doubles', 2)).toBe(false);
    expect(fitsSelections('doubles', 12)).toBe(true);
    expect(fitsSelections('doubles', 13)).toBe(false);
    expect(fitsSelections('trebles', 3)).toBe(false);
    // The full covers still fit exactly their number.
    expect(fitsSelections('yankee', 4)).toBe(true);
    expect(fitsSelections('yankee', 5)).toBe(false);
  });
});

describe('n-folds: placement figures', () => {
  it('the total stake is the stake per line times C(n, k): £1 Doubles on 4 cost £6, 50p Trebles on 5 cost £5', () => {
    expect(systemStake('doubles', 100, 4)).toEqual({ type: 'doubles', stakePerLine: 100, lines: 6, total: 600 });
    expect(systemStake('trebles', 50, 5)).toEqual({ type: 'trebles', stakePerLine: 50, lines: 10, total: 500 });
  });

  it('refuses too few selections, and a total above £10,000, in words', () => {
    expect(refusal(() => systemStake('doubles', 100, 2))).toEqual({
      code: 'WrongSelectionCount',
      message: 'Doubles need at least 3 selections; this bet has 2.',
    });
    expect(refusal(() => systemStake('trebles', 100, 3)).code).toBe('WrongSelectionCount');
    // 6-Folds on 12: 924 lines, so at most £10.82 a line.
    expect(refusal(() => systemStake('sixfolds', 1_083, 12))).toEqual({
      code: 'StakeTooHigh',
      message: 'The maximum stake is £10,000: 6-Folds of 924 lines allow at most £10.82 per line.',
    });
    expect(systemStake('sixfolds', 1_082, 12).total).toBe(999_768);
  });
});

describe('n-folds: settlement', () => {
  it('each line is an accumulator: Doubles on 4 with three winners at evens pay their 3 winning doubles', () => {
    expect(settleSystemBet('doubles', 100, [leg('won'), leg('won'), leg('won'), leg('won')])).toEqual({
      status: 'won',
      returns: 6 * 400,
    });
    expect(settleSystemBet('doubles', 100, [leg('won'), leg('lost'), leg('won'), leg('won')])).toEqual({
      status: 'won',
      returns: 3 * 400,
    });
    expect(settleSystemBet('trebles', 100, [leg('won'), leg('lost'), leg('won'), leg('won')])).toEqual({
      status: 'won',
      returns: 800,
    });
    expect(settleSystemBet('trebles', 100, [leg('won'), leg('lost'), leg('lost'), leg('won')])).toEqual({
      status: 'lost',
      returns: 0,
    });
  });

  it('a void leg counts at 1.00 in every line that holds it; all void is a void bet with every stake back', () => {
    // £1 Doubles: A 2/1 won, B evens won, C void. AB £6, AC £3, BC £2.
    expect(settleSystemBet('doubles', 100, [leg('won', { num: 2, den: 1 }), leg('won'), leg('void')])).toEqual({
      status: 'won',
      returns: 600 + 300 + 200,
    });
    expect(settleSystemBet('doubles', 100, [leg('void'), leg('void'), leg('void')])).toEqual({
      status: 'void',
      returns: 300,
    });
  });

  it('stays open while a line is undecided; settles once every line is', () => {
    expect(settleSystemBet('doubles', 100, [leg('won'), leg('open'), leg('lost')])).toEqual({ status: 'open' });
    expect(settleSystemBet('trebles', 100, [leg('lost'), leg('open'), leg('won'), leg('lost')])).toEqual({
      status: 'lost',
      returns: 0,
    });
  });

  it('rounds down once per line: 10p Doubles at 1/3 on 3 pay 3 x 17p = 51p (exactly 53.33p)', () => {
    const third = { num: 1, den: 3 };
    expect(settleSystemBet('doubles', 10, [leg('won', third), leg('won', third), leg('won', third)])).toEqual({
      status: 'won',
      returns: 51,
    });
    expect(systemPotentialReturns('doubles', 10, [third, third, third])).toBe(51);
  });

  it('no Lucky bonus on an n-fold: one winner pays nothing, a half-won leg counts by its factor', () => {
    expect(settleSystemBet('doubles', 100, [leg('won', { num: 9, den: 2 }), leg('lost'), leg('lost')])).toEqual({
      status: 'lost',
      returns: 0,
    });
    expect(settleSystemBet('doubles', 100, [leg('half-won'), leg('won'), leg('lost')])).toEqual({
      status: 'won',
      returns: 300,
    });
  });

  it('a stored n-fold settles by its lines on its legs, and the payout cap applies to the bet as a whole', () => {
    const won = Array.from({ length: 12 }, () => leg('won', { num: 500, den: 1 }));
    const settled = settleStoredBet({ stake: 92_400, system_type: 'sixfolds', stake_per_line: 100 }, won);
    expect(settled).toEqual({ status: 'won', returns: Number.MAX_SAFE_INTEGER });
    expect(applyPayoutCap(Number.MAX_SAFE_INTEGER, 92_400, 0)).toBe(92_400 + NET_PAYOUT_CAP_PENCE);
    expect(
      settleStoredBet({ stake: 300, system_type: 'doubles', stake_per_line: 100 }, [
        leg('won'),
        leg('won'),
        leg('won'),
      ]),
    ).toEqual({ status: 'won', returns: 1_200 });
  });
});
