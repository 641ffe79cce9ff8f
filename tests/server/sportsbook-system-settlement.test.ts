import { describe, expect, it } from 'vitest';
import { settleStoredBet, settleSystemBet, systemStake } from '../../server/sportsbook/bets/system-bets';
import { PlacementRefused } from '../../server/sportsbook/bets/slip';
import {
  lineCount,
  luckyBonusWords,
  SYSTEM_BET_TYPES,
  systemBetsFor,
  systemLines,
  systemPotentialReturns,
} from '../../src/contract/system-bets';
import type { SystemType } from '../../src/contract/sportsbook-rules';
import { NET_PAYOUT_CAP_PENCE, type LegResult, type Price } from '../../src/contract/sportsbook-rules';
import { applyPayoutCap } from '../../server/sportsbook/bets/settlement';

const evens: Price = { num: 1, den: 1 };
const leg = (result: LegResult, price: Price = evens) => ({ price, result });

describe('system bets: lines', () => {
  it.each<[SystemType, number, number]>([
    ['trixie', 3, 4],
    ['patent', 3, 7],
    ['yankee', 4, 11],
    ['lucky15', 4, 15],
    ['canadian', 5, 26],
    ['lucky31', 5, 31],
    ['heinz', 6, 57],
    ['lucky63', 6, 63],
    ['super-heinz', 7, 120],
    ['goliath', 8, 247],
  ])('a %s takes %i selections and has %i lines, each a different combination', (type, selections, lines) => {
    expect(SYSTEM_BET_TYPES.find((candidate) => candidate.type === type)!.selections).toBe(selections);
    expect(lineCount(type)).toBe(lines);
    const keys = systemLines(type).map((line) => line.join(','));
    expect(new Set(keys).size).toBe(lines);
    for (const line of systemLines(type))
      expect(
        line.every(
          (position, index) => position >= 0 && position < selections && (index === 0 || position > line[index - 1]!),
        ),
      ).toBe(true);
  });

  it('a Trixie is the three doubles and the treble; a Patent adds the three singles', () => {
    expect(systemLines('trixie')).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
      [0, 1, 2],
    ]);
    expect(systemLines('patent')).toEqual([[0], [1], [2], [0, 1], [0, 2], [1, 2], [0, 1, 2]]);
  });

  it('the slip is offered exactly the system bets that fit its number of selections', () => {
    const offered = Array.from({ length: 13 }, (_, count) => systemBetsFor(count).map((type) => type.type));
    expect(offered).toEqual([
      [],
      [],
      [],
      ['trixie', 'patent'],
      ['yankee', 'lucky15'],
      ['canadian', 'lucky31'],
      ['heinz', 'lucky63'],
      ['super-heinz'],
      ['goliath'],
      [],
      [],
      [],
      [],
    ]);
  });
});

describe('system bets: placement figures', () => {
  it('the total stake is the stake per line times the lines (a 50p Heinz costs £28.50)', () => {
    expect(systemStake('heinz', 50, 6)).toEqual({ type: 'heinz', stakePerLine: 50, lines: 57, total: 2_850 });
  });

  it('refuses the wrong number of selections, and a total above £10,000, in words', () => {
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(PlacementRefused);
        return { code: (error as PlacementRefused).refusal, message: (error as PlacementRefused).message };
      }
      throw new Error('not refused');
    };
    expect(refusal(() => systemStake('yankee', 100, 3))).toEqual({
      code: 'WrongSelectionCount',
      message: 'A Yankee needs exactly 4 selections; this bet has 3.',
    });
    expect(refusal(() => systemStake('goliath', 100, 9)).code).toBe('WrongSelectionCount');
    expect(refusal(() => systemStake('goliath', 4_100, 8))).toEqual({
      code: 'StakeTooHigh',
      message: 'The maximum stake is £10,000: a Goliath of 247 lines allows at most £40.48 per line.',
    });
    expect(systemStake('goliath', 4_048, 8).total).toBe(999_856);
  });

  it('potential returns are each line rounded down, added up', () => {
    // A £1 Yankee at evens: 6 doubles at £4, 4 trebles at £8, a fourfold at £16 = £72.
    expect(systemPotentialReturns('yankee', 100, [evens, evens, evens, evens])).toBe(7_200);
    // 10p Trixie at 1/3 each: a double pays 10 x 16/9 = 17.78 -> 17p (three of them), the treble 10 x 64/27 = 23.70 -> 23p.
    expect(
      systemPotentialReturns('trixie', 10, [
        { num: 1, den: 3 },
        { num: 1, den: 3 },
        { num: 1, den: 3 },
      ]),
    ).toBe(3 * 17 + 23);
  });
});

describe('system bets: settlement', () => {
  it('a Yankee pays the lines its winners make: 4 winners every line, 3 winners 3 doubles and a treble, 2 winners one double, 1 winner nothing', () => {
    expect(settleSystemBet('yankee', 100, [leg('won'), leg('won'), leg('won'), leg('won')])).toEqual({
      status: 'won',
      returns: 7_200,
    });
    expect(settleSystemBet('yankee', 100, [leg('won'), leg('lost'), leg('won'), leg('won')])).toEqual({
      status: 'won',
      returns: 3 * 400 + 800,
    });
    expect(settleSystemBet('yankee', 100, [leg('lost'), leg('won'), leg('lost'), leg('won')])).toEqual({
      status: 'won',
      returns: 400,
    });
    expect(settleSystemBet('yankee', 100, [leg('lost'), leg('lost'), leg('won'), leg('lost')])).toEqual({
      status: 'lost',
      returns: 0,
    });
  });

  it('a void leg counts at 1.00 in every line that holds it; a line of void legs returns its stake; all void is a void bet', () => {
    // £1 Trixie: A 2/1 won, B evens won, C void. AB 3 x 2 = £6, AC £3, BC £2, ABC £6.
    const trixie = settleSystemBet('trixie', 100, [
      leg('won', { num: 2, den: 1 }),
      leg('won'),
      leg('void', { num: 5, den: 1 }),
    ]);
    expect(trixie).toEqual({ status: 'won', returns: 600 + 300 + 200 + 600 });
    // A Patent with A lost, B and C void: single B and single C return their stakes, so does the BC double.
    expect(settleSystemBet('patent', 100, [leg('lost'), leg('void'), leg('void')])).toEqual({
      status: 'won',
      returns: 300,
    });
    expect(settleSystemBet('trixie', 100, [leg('void'), leg('void'), leg('void')])).toEqual({
      status: 'void',
      returns: 400,
    });
  });

  it('stays open while any line is undecided, and settles once every line is, even with a leg still to play', () => {
    expect(settleSystemBet('trixie', 100, [leg('lost'), leg('open'), leg('won')])).toEqual({ status: 'open' });
    expect(settleSystemBet('trixie', 100, [leg('lost'), leg('lost'), leg('open')])).toEqual({
      status: 'lost',
      returns: 0,
    });
    expect(settleSystemBet('lucky15', 100, [leg('lost'), leg('lost'), leg('lost'), leg('open')])).toEqual({
      status: 'open',
    });
  });

  it('rounds down once per line, not once for the bet (10p Trixie at 1/3: 74p, where the exact sum is 77.03p)', () => {
    const third = { num: 1, den: 3 };
    expect(settleSystemBet('trixie', 10, [leg('won', third), leg('won', third), leg('won', third)])).toEqual({
      status: 'won',
      returns: 74,
    });
  });

  it('a quarter-line leg that half wins or half loses counts by its factor in every line that holds it', () => {
    // £1 Trixie at evens: A half-won (x1.5), B won (x2), C lost. Only AB stands: 100 x 1.5 x 2 = £3.
    expect(settleSystemBet('trixie', 100, [leg('half-won'), leg('won'), leg('lost')])).toEqual({
      status: 'won',
      returns: 300,
    });
    // A half-lost (x0.5), B and C won: AB £1, AC £1, BC £4, ABC £2.
    expect(settleSystemBet('trixie', 100, [leg('half-lost'), leg('won'), leg('won')])).toEqual({
      status: 'won',
      returns: 100 + 100 + 400 + 200,
    });
  });

  it('a Lucky bet with one winner, the rest lost, pays that single at double odds (9/2 paid as 9/1)', () => {
    expect(
      settleSystemBet('lucky15', 100, [leg('won', { num: 9, den: 2 }), leg('lost'), leg('lost'), leg('lost')]),
    ).toEqual({ status: 'won', returns: 1_000 });
    // 10p at 1/3 doubled is 2/3: 10 x 5/3 = 16.67 -> 16p (the plain single would pay 13p).
    expect(
      settleSystemBet('lucky31', 10, [
        leg('lost'),
        leg('lost'),
        leg('won', { num: 1, den: 3 }),
        leg('lost'),
        leg('lost'),
      ]),
    ).toEqual({ status: 'won', returns: 16 });
    expect(
      settleSystemBet('lucky63', 100, [
        leg('lost'),
        leg('lost'),
        leg('lost'),
        leg('lost'),
        leg('lost'),
        leg('won', { num: 2, den: 1 }),
      ]),
    ).toEqual({ status: 'won', returns: 500 });
    // Not a Lucky bet: a Patent's one winner pays its single at its own odds.
    expect(settleSystemBet('patent', 100, [leg('won', { num: 9, den: 2 }), leg('lost'), leg('lost')])).toEqual({
      status: 'won',
      returns: 550,
    });
  });

  it('a Lucky bet with every selection won adds its bonus on the returns: Lucky 15 10%, Lucky 31 20%, Lucky 63 25%, rounded down', () => {
    const all = (count: number) => Array.from({ length: count }, () => leg('won'));
    // £1 Lucky 15 at evens: 4 singles at £2, 6 doubles at £4, 4 trebles at £8, the fourfold £16 = £80; +10% = £88.
    expect(settleSystemBet('lucky15', 100, all(4))).toEqual({ status: 'won', returns: 8_000 + 800 });
    // £1 Lucky 31 at evens: 5 x 2 + 10 x 4 + 10 x 8 + 5 x 16 + 32 = £242; +20% = £290.40.
    expect(settleSystemBet('lucky31', 100, all(5))).toEqual({ status: 'won', returns: 24_200 + 4_840 });
    // £1 Lucky 63 at evens: 3^6 - 1 = 728 -> £728; +25% = £910.
    expect(settleSystemBet('lucky63', 100, all(6))).toEqual({ status: 'won', returns: 72_800 + 18_200 });
    // 10p Lucky 15 at 1/3: lines 4 x 13 + 6 x 17 + 4 x 23 + 31 = 277p; +10% = 27.7 -> 27p.
    const third = { num: 1, den: 3 };
    expect(
      settleSystemBet('lucky15', 10, [leg('won', third), leg('won', third), leg('won', third), leg('won', third)]),
    ).toEqual({ status: 'won', returns: 277 + 27 });
    // The slip's potential returns (and the stored one) include the bonus: the same shared figure.
    expect(systemPotentialReturns('lucky15', 100, [evens, evens, evens, evens])).toBe(8_800);
    expect(systemPotentialReturns('yankee', 100, [evens, evens, evens, evens])).toBe(7_200);
  });

  it('no Lucky bonus with a void or half-settled leg, or with two or three winners: the lines as they are', () => {
    // Lucky 15, A won at evens, B void, C and D lost: single A £2, single B £1 back, the AB double £2 = £5 (no double odds).
    expect(settleSystemBet('lucky15', 100, [leg('won'), leg('void'), leg('lost'), leg('lost')])).toEqual({
      status: 'won',
      returns: 500,
    });
    // Three won at evens, one void: 3 singles £6 + void single £1 + 3 doubles £12 + 3 void doubles £6 + treble £8 + 3 void trebles £12 + fourfold £8 = £53, no bonus.
    expect(settleSystemBet('lucky15', 100, [leg('won'), leg('won'), leg('won'), leg('void')])).toEqual({
      status: 'won',
      returns: 5_300,
    });
    // A half-won leg (x1.5) as the only winner: its single at its factor, no double odds.
    expect(settleSystemBet('lucky15', 100, [leg('half-won'), leg('lost'), leg('lost'), leg('lost')])).toEqual({
      status: 'won',
      returns: 150,
    });
    // Two winners at evens: 2 singles £4 + their double £4 = £8.
    expect(settleSystemBet('lucky15', 100, [leg('won'), leg('won'), leg('lost'), leg('lost')])).toEqual({
      status: 'won',
      returns: 800,
    });
    expect(settleSystemBet('lucky15', 100, [leg('lost'), leg('lost'), leg('lost'), leg('lost')])).toEqual({
      status: 'lost',
      returns: 0,
    });
  });

  it('the bonus words the slip shows', () => {
    expect(luckyBonusWords('lucky15')).toBe(
      'One winner: its single is paid at double the odds. All 4 win: a 10% bonus on the returns.',
    );
    expect(luckyBonusWords('lucky63')).toBe(
      'One winner: its single is paid at double the odds. All 6 win: a 25% bonus on the returns.',
    );
    expect(luckyBonusWords('yankee')).toBeNull();
  });

  it('a win too big to count in a number (a 10p Goliath on eight 500/1 winners) settles at the clamp, and the payout cap then pays it in full pence', () => {
    const huge: Price = { num: 500, den: 1 };
    const goliath = Array.from({ length: 8 }, () => leg('won', huge));
    const settled = settleSystemBet('goliath', 10, goliath);
    expect(settled).toEqual({ status: 'won', returns: Number.MAX_SAFE_INTEGER });
    expect(
      systemPotentialReturns(
        'goliath',
        10,
        goliath.map((one) => one.price),
      ),
    ).toBe(Number.MAX_SAFE_INTEGER);
    expect(applyPayoutCap(Number.MAX_SAFE_INTEGER, 2_470, 0)).toBe(2_470 + NET_PAYOUT_CAP_PENCE);
    // A Lucky 63's all-winners bonus on such a figure stays at the clamp too.
    expect(settleSystemBet('lucky63', 10, goliath.slice(0, 6))).toEqual({
      status: 'won',
      returns: Number.MAX_SAFE_INTEGER,
    });
  });

  it('a stored bet settles by its kind: a system bet by its lines, any other by settleBet on the whole stake', () => {
    const legs = [leg('won'), leg('won'), leg('won')];
    expect(settleStoredBet({ stake: 400, system_type: 'trixie', stake_per_line: 100 }, legs)).toEqual({
      status: 'won',
      returns: 3 * 400 + 800,
    });
    expect(settleStoredBet({ stake: 400, system_type: null, stake_per_line: null }, legs)).toEqual({
      status: 'won',
      returns: 3_200,
    });
  });
});
