import { describe, expect, it } from 'vitest';
import {
  NET_PAYOUT_CAP_PENCE,
  PAYOUT_CAP_WINDOW_MS,
  type LegResult,
  type Price,
  type Score,
} from '../../src/contract/sportsbook-rules';
import {
  applyPayoutCap,
  netPaidInWindow,
  settleBet,
  settleFreeBet,
  type SettledBetFigures,
} from '../../server/sportsbook/bets/settlement';
import { marketCatalogue, relatedOutcomes, settleSelection } from '../../server/sportsbook/markets';
import type { SelectionOutcome } from '../../server/sportsbook/pricing/types';

const p = (num: number, den: number): Price => ({ num, den });
const leg = (price: Price, result: LegResult) => ({ price, result });
const catalogue = marketCatalogue('Rovers', 'United');
const settle = (
  marketKey: string,
  selectionKey: string,
  fullTime: Score,
  halfTime: Score = { home: 0, away: 0 },
): SelectionOutcome =>
  settleSelection(
    catalogue.find((spec) => spec.key === marketKey)!,
    selectionKey,
    { halfTime, fullTime },
  );

describe('bet settlement by the Betting Rules', () => {
  it.each([
    {
      rule: '"a £5 treble at 2.0, 1.5 and 4.0 with the 4.0 leg void is settled as a £5 double at 2.0 × 1.5 = 3.0, paying £15"',
      stake: 500,
      legs: [leg(p(1, 1), 'won'), leg(p(1, 2), 'won'), leg(p(3, 1), 'void')],
      expected: { status: 'won', returns: 1500 },
    },
    {
      rule: '"if the actual odds are 1.85, we display 1.9; a winning £20 bet pays out £37.00 (20 × 1.85), not £38.00"',
      stake: 2000,
      legs: [leg(p(17, 20), 'won')],
      expected: { status: 'won', returns: 3700 },
    },
    {
      rule: '"Payouts are rounded down to the nearest penny" (10p at 2/7 is 12.857p)',
      stake: 10,
      legs: [leg(p(2, 7), 'won')],
      expected: { status: 'won', returns: 12 },
    },
    {
      rule: '"Payouts are rounded down", once for the whole accumulator, not per leg (10p at 2/7 × 2/7 is 16.53p; per leg 12p, then 15p)',
      stake: 10,
      legs: [leg(p(2, 7), 'won'), leg(p(2, 7), 'won')],
      expected: { status: 'won', returns: 16 },
    },
    {
      rule: '"A void bet is settled at odds of 1.00. Your stake is returned and there are no winnings."',
      stake: 1234,
      legs: [leg(p(5, 2), 'void')],
      expected: { status: 'void', returns: 1234 },
    },
    {
      rule: '"If every leg of an accumulator is void, the whole bet is void and the stake is returned."',
      stake: 750,
      legs: [leg(p(5, 2), 'void'), leg(p(4, 6), 'void'), leg(p(1, 1), 'void')],
      expected: { status: 'void', returns: 750 },
    },
    {
      rule: '"The payout on a winning accumulator is the stake multiplied by the odds of all its selections multiplied together" (a lost leg loses it)',
      stake: 1000,
      legs: [leg(p(1, 1), 'won'), leg(p(1, 2), 'lost'), leg(p(3, 1), 'void')],
      expected: { status: 'lost', returns: 0 },
    },
    {
      rule: '"Markets that are already decided ... are settled as soon as the outcome is certain": a lost leg loses the accumulator with legs still open',
      stake: 1000,
      legs: [leg(p(1, 1), 'open'), leg(p(1, 2), 'lost')],
      expected: { status: 'lost', returns: 0 },
    },
    {
      rule: 'an accumulator with a leg still open and none lost waits',
      stake: 1000,
      legs: [leg(p(1, 1), 'won'), leg(p(1, 2), 'open')],
      expected: { status: 'open' },
    },
  ])('$rule', ({ stake, legs, expected }) => {
    expect(settleBet(stake, legs)).toEqual(expected);
  });

  it('refuses a bet with no legs, or a stake that is not whole pence', () => {
    expect(() => settleBet(100, [])).toThrow();
    expect(() => settleBet(10.5, [leg(p(1, 1), 'void')])).toThrow(RangeError);
    expect(() => settleBet(0, [leg(p(1, 1), 'won')])).toThrow(RangeError);
  });
});

describe('free bet settlement: the winnings only, never the stake', () => {
  const deadHeat = (price: Price, ways: number) => ({ price, result: 'dead-heat' as const, deadHeatWays: ways });
  it.each([
    {
      case: '£10 at 4/1 won: £40',
      stake: 1000,
      legs: [leg(p(4, 1), 'won')],
      expected: { status: 'won', returns: 4000 },
    },
    {
      case: '£10 at 4/1 in a two-way dead heat: £5 at 4/1 is £20 (not £25 - £10)',
      stake: 1000,
      legs: [deadHeat(p(4, 1), 2)],
      expected: { status: 'won', returns: 2000 },
    },
    {
      case: '£10 at 2/1 in a three-way dead heat: £3.33 at 2/1 is £6.66 (a cash bet there returns exactly its stake)',
      stake: 1000,
      legs: [deadHeat(p(2, 1), 3)],
      expected: { status: 'won', returns: 666 },
    },
    {
      case: '£10 at 1/2 in a two-way dead heat: £2.50 (a cash bet there returns less than its stake)',
      stake: 1000,
      legs: [deadHeat(p(1, 2), 2)],
      expected: { status: 'won', returns: 250 },
    },
    {
      case: '£10 half-won at 9/10: half the stake at 9/10, £4.50',
      stake: 1000,
      legs: [leg(p(9, 10), 'half-won')],
      expected: { status: 'won', returns: 450 },
    },
    {
      case: '£10 half-lost: the half returned is no winnings',
      stake: 1000,
      legs: [leg(p(9, 10), 'half-lost')],
      expected: { status: 'lost', returns: 0 },
    },
    { case: '£10 lost', stake: 1000, legs: [leg(p(4, 1), 'lost')], expected: { status: 'lost', returns: 0 } },
    {
      case: '£10 void: nothing paid (the token comes back)',
      stake: 1000,
      legs: [leg(p(4, 1), 'void')],
      expected: { status: 'void', returns: 0 },
    },
    { case: 'still open', stake: 1000, legs: [leg(p(4, 1), 'open')], expected: { status: 'open' } },
  ])('$case', ({ stake, legs, expected }) => {
    expect(settleFreeBet(stake, legs)).toEqual(expected);
  });
});

describe('market settlement by the Betting Rules', () => {
  it.each([
    [
      '"If the total is exactly equal to the line, the bet is void": Over 2.0 at 1-1',
      'total-goals:2',
      'over',
      { home: 1, away: 1 },
      'void',
    ],
    [
      '"If the total is exactly equal to the line, the bet is void": Under 2.0 at 2-0',
      'total-goals:2',
      'under',
      { home: 2, away: 0 },
      'void',
    ],
    ['over/under: Over 2.5 at 2-1 wins', 'total-goals:2.5', 'over', { home: 2, away: 1 }, 'won'],
    ['over/under: Under 2.5 at 2-1 loses', 'total-goals:2.5', 'under', { home: 2, away: 1 }, 'lost'],
    [
      '"Own goals ... do count for total goals": Under 0.5 at 0-1 loses',
      'total-goals:0.5',
      'under',
      { home: 0, away: 1 },
      'lost',
    ],
    [
      'Asian handicap "Whole lines (such as 0 or -1): if the result after the handicap is a draw, the bet is void": Rovers -1 at 2-1',
      'asian-handicap:-1',
      'home',
      { home: 2, away: 1 },
      'void',
    ],
    [
      'Asian handicap whole line push, the other side: United +1 at 2-1',
      'asian-handicap:-1',
      'away',
      { home: 2, away: 1 },
      'void',
    ],
    ['Asian handicap whole line 0 on a draw: void', 'asian-handicap:0', 'away', { home: 1, away: 1 }, 'void'],
    [
      '"a bet on Team A -1.5 wins only if Team A wins by 2 goals or more": Rovers -1.5 at 2-0',
      'asian-handicap:-1.5',
      'home',
      { home: 2, away: 0 },
      'won',
    ],
    ['Rovers -1.5 at 2-1 loses', 'asian-handicap:-1.5', 'home', { home: 2, away: 1 }, 'lost'],
    ['United +1.5 at 2-1 wins', 'asian-handicap:-1.5', 'away', { home: 2, away: 1 }, 'won'],
    ['United -2.0 (Rovers +2) at 0-3 wins', 'asian-handicap:2', 'away', { home: 0, away: 3 }, 'won'],
    [
      'Draw no bet: "If the match ends in a draw, the bet is void"',
      'draw-no-bet',
      'home',
      { home: 2, away: 2 },
      'void',
    ],
    ['Draw no bet on the winner wins', 'draw-no-bet', 'away', { home: 0, away: 1 }, 'won'],
    ['Match result: "Settled on the full-time result"', 'match-result', 'draw', { home: 1, away: 1 }, 'won'],
    [
      'Double chance: "The bet wins if either result happens"',
      'double-chance',
      'draw-away',
      { home: 0, away: 0 },
      'won',
    ],
    ['Double chance home or away on a draw loses', 'double-chance', 'home-away', { home: 3, away: 3 }, 'lost'],
    ['Both teams to score: yes at 1-1', 'both-teams-to-score', 'yes', { home: 1, away: 1 }, 'won'],
    ['Both teams to score: no at 3-0', 'both-teams-to-score', 'no', { home: 3, away: 0 }, 'won'],
    ['Correct score 2-1', 'correct-score', '2-1', { home: 2, away: 1 }, 'won'],
    ['Correct score: any other home win at 5-2', 'correct-score', 'other-home', { home: 5, away: 2 }, 'won'],
    ['Correct score: 4-4 is not any other draw', 'correct-score', 'other-draw', { home: 4, away: 4 }, 'lost'],
  ] as const)('%s', (_rule, market, selection, fullTime, expected) => {
    expect(settle(market, selection, fullTime)).toBe(expected);
  });

  it('refuses to settle a line market that lost its line, rather than losing every bet on it', () => {
    const spec = { ...catalogue.find((market) => market.key === 'total-goals:2.5')!, line: null };
    expect(() =>
      settleSelection(spec, 'over', { halfTime: { home: 0, away: 0 }, fullTime: { home: 3, away: 0 } }),
    ).toThrow(/no line/);
    const handicap = { ...catalogue.find((market) => market.key === 'asian-handicap:-1')!, line: Number.NaN };
    expect(() =>
      settleSelection(handicap, 'home', { halfTime: { home: 0, away: 0 }, fullTime: { home: 3, away: 0 } }),
    ).toThrow(/no line/);
  });

  it('settles a first-half market on the first half only ("Only what happens in that period counts")', () => {
    expect(settle('first-half-result', 'away', { home: 3, away: 1 }, { home: 0, away: 1 })).toBe('won');
    expect(settle('first-half-result', 'home', { home: 3, away: 1 }, { home: 0, away: 1 })).toBe('lost');
  });

  it('wins half time/full time only when "Both parts must be correct" ("Draw/Home": a draw at half time, then a home win)', () => {
    expect(settle('half-time-full-time', 'draw-home', { home: 2, away: 1 }, { home: 1, away: 1 })).toBe('won');
    expect(settle('half-time-full-time', 'draw-home', { home: 2, away: 1 }, { home: 1, away: 0 })).toBe('lost');
    expect(settle('half-time-full-time', 'home-home', { home: 2, away: 2 }, { home: 1, away: 0 })).toBe('lost');
  });

  it('settles an accumulator whose over/under leg lands on the line on the other legs ("the void leg counts at odds of 1.00")', () => {
    const legs = [
      leg(p(10, 11), settle('total-goals:3', 'over', { home: 2, away: 1 }) as LegResult),
      leg(p(6, 4), settle('draw-no-bet', 'home', { home: 1, away: 0 }) as LegResult),
    ];
    expect(settleBet(1000, legs)).toEqual({ status: 'won', returns: 2500 });
  });
});

describe('related outcomes', () => {
  it('finds two selections from one match ("Accumulators with related outcomes are not allowed")', () => {
    expect(relatedOutcomes([{ eventId: 'a' }, { eventId: 'b' }, { eventId: 'c' }])).toEqual([]);
    expect(relatedOutcomes([{ eventId: 'a' }, { eventId: 'b' }, { eventId: 'a' }, { eventId: 'a' }])).toEqual(['a']);
  });
});

describe('the payout cap: "The most we will pay to any one account is £200,000 net in any 24-hour period"', () => {
  const hour = 60 * 60 * 1000;
  const start = Date.parse('2026-06-01T12:00:00Z');
  const at = (hours: number) => start + hours * hour;
  /** A £10,000 single at 25/1: £260,000 returns, £250,000 net, above the cap on its own. */
  const stake = 1_000_000;
  const bigWin = settleBet(stake, [leg(p(25, 1), 'won')]) as { returns: number };

  it('caps a big win at the stake plus the net allowance', () => {
    expect(bigWin.returns).toBe(26_000_000);
    expect(applyPayoutCap(bigWin.returns, stake, netPaidInWindow([], at(0)))).toBe(stake + NET_PAYOUT_CAP_PENCE);
  });

  it('pays a second win in the window only its stake back once the allowance is used', () => {
    const history: SettledBetFigures[] = [{ settledAt: at(0), stake, returns: stake + NET_PAYOUT_CAP_PENCE }];
    expect(netPaidInWindow(history, at(23))).toBe(NET_PAYOUT_CAP_PENCE);
    expect(applyPayoutCap(3000, 1000, netPaidInWindow(history, at(23)))).toBe(1000);
  });

  it('pays what is left of the allowance, and a small win in full', () => {
    const history: SettledBetFigures[] = [{ settledAt: at(0), stake: 1000, returns: 1000 + 15_000_000 }];
    const already = netPaidInWindow(history, at(1));
    expect(applyPayoutCap(bigWin.returns, stake, already)).toBe(stake + 5_000_000);
    expect(applyPayoutCap(4_000, 1_000, already)).toBe(4_000);
  });

  it('gives the full allowance again after 24 hours', () => {
    const history: SettledBetFigures[] = [{ settledAt: at(0), stake, returns: stake + NET_PAYOUT_CAP_PENCE }];
    expect(netPaidInWindow(history, at(0) + PAYOUT_CAP_WINDOW_MS)).toBe(NET_PAYOUT_CAP_PENCE);
    expect(netPaidInWindow(history, at(0) + PAYOUT_CAP_WINDOW_MS + 1)).toBe(0);
    expect(applyPayoutCap(bigWin.returns, stake, netPaidInWindow(history, at(24) + 1))).toBe(
      stake + NET_PAYOUT_CAP_PENCE,
    );
  });

  it('refuses figures that are not whole pence', () => {
    expect(() => applyPayoutCap(100.5, 100, 0)).toThrow(RangeError);
    expect(() => applyPayoutCap(200, 100, Number.NaN)).toThrow(RangeError);
  });

  it('never cuts a void bet, a lost bet or the stake of a win', () => {
    expect(applyPayoutCap(stake, stake, NET_PAYOUT_CAP_PENCE)).toBe(stake);
    expect(applyPayoutCap(0, stake, NET_PAYOUT_CAP_PENCE)).toBe(0);
    expect(applyPayoutCap(2 * stake, stake, NET_PAYOUT_CAP_PENCE + 5)).toBe(stake);
  });

  it('counts net as "the total paid out on bets settled in that period, minus the stakes", over every 24-hour period', () => {
    // A £50,000 loss at hour 0, then £200,000 net won at hour 2: the plain sum is £150,000, but the period from
    // hour 1 has no loss in it and has already paid the whole £200,000, so nothing more is paid at hour 3.
    const history: SettledBetFigures[] = [
      { settledAt: at(0), stake: 5_000_000, returns: 0 },
      { settledAt: at(2), stake: 1_000_000, returns: 1_000_000 + NET_PAYOUT_CAP_PENCE },
    ];
    expect(netPaidInWindow(history, at(3))).toBe(NET_PAYOUT_CAP_PENCE);
    expect(applyPayoutCap(3_000_000, 1_000_000, netPaidInWindow(history, at(3)))).toBe(1_000_000);
    // Losses after the wins do lower the net of the periods that contain both.
    const lostSince: SettledBetFigures[] = [
      { settledAt: at(0), stake: 1_000_000, returns: 1_000_000 + 10_000_000 },
      { settledAt: at(1), stake: 4_000_000, returns: 0 },
    ];
    expect(netPaidInWindow(lostSince, at(2))).toBe(6_000_000);
  });

  it('counts bets settled at one instant together: +£150,000 and -£50,000 at one moment are £100,000 paid, in any order', () => {
    const win = { settledAt: at(1), stake: 1_000_000, returns: 16_000_000 };
    const loss = { settledAt: at(1), stake: 5_000_000, returns: 0 };
    expect(netPaidInWindow([win, loss], at(2))).toBe(10_000_000);
    expect(netPaidInWindow([loss, win], at(2))).toBe(10_000_000);
    expect(applyPayoutCap(bigWin.returns, stake, netPaidInWindow([win, loss], at(2)))).toBe(stake + 10_000_000);
  });
});
