import { describe, expect, it } from 'vitest';
import { eventMarkets, marketById, marketOutcome, parseExchangeMarketId } from '../../server/exchange/markets';

const EVENT = 'ev-202611231145-3fa9c1';
const markets = eventMarkets(EVENT, 'Rovers', 'United');
const market = (key: string) => markets.find((candidate) => candidate.marketKey === key)!;
const winner = (key: string, home: number, away: number) => {
  const outcome = marketOutcome(market(key), { home, away });
  return outcome.kind === 'winner' ? market(key).runners[outcome.runner]!.key : 'void';
};

describe('the exchange’s markets on a match', () => {
  it('offers Match Odds, four goal lines, Both Teams to Score and Correct Score', () => {
    expect(markets.map((candidate) => candidate.name)).toEqual([
      'Match Odds',
      'Over/Under 0.5 Goals',
      'Over/Under 1.5 Goals',
      'Over/Under 2.5 Goals',
      'Over/Under 3.5 Goals',
      'Both Teams to Score?',
      'Correct Score',
    ]);
    expect(market('match-odds').runners.map((runner) => runner.name)).toEqual(['Rovers', 'The Draw', 'United']);
  });

  it('has 16 correct scores from 0-0 to 3-3 and the three any-other runners', () => {
    const runners = market('correct-score').runners;
    expect(runners).toHaveLength(19);
    expect(runners.slice(0, 5).map((runner) => runner.name)).toEqual(['0 - 0', '0 - 1', '0 - 2', '0 - 3', '1 - 0']);
    expect(runners.slice(16).map((runner) => runner.name)).toEqual([
      'Any Other Home Win',
      'Any Other Away Win',
      'Any Other Draw',
    ]);
  });

  it('gives every market and selection a stable id made from the event', () => {
    expect(market('over-under-2.5').marketId).toBe(`${EVENT}~over-under-2.5`);
    expect(market('both-teams-to-score').runners[0]!.selectionId).toBe(`${EVENT}~both-teams-to-score~yes`);
    expect(eventMarkets(EVENT, 'Rovers', 'United')).toEqual(markets);
    expect(parseExchangeMarketId(`${EVENT}~correct-score`)).toEqual({ eventId: EVENT, marketKey: 'correct-score' });
    expect(marketById(`${EVENT}~correct-score`)?.runners).toHaveLength(19);
    expect(marketById(`${EVENT}~first-goalscorer`)).toBeUndefined();
  });

  it('names the winner of each market from the final score', () => {
    expect([winner('match-odds', 2, 1), winner('match-odds', 1, 1), winner('match-odds', 0, 3)]).toEqual([
      'home',
      'draw',
      'away',
    ]);
    expect([winner('over-under-0.5', 0, 0), winner('over-under-0.5', 1, 0)]).toEqual(['under', 'over']);
    expect([winner('over-under-2.5', 2, 0), winner('over-under-2.5', 2, 1)]).toEqual(['under', 'over']);
    expect([winner('over-under-3.5', 2, 1), winner('over-under-3.5', 2, 2)]).toEqual(['under', 'over']);
    expect([winner('both-teams-to-score', 1, 1), winner('both-teams-to-score', 3, 0)]).toEqual(['yes', 'no']);
    expect(winner('correct-score', 3, 2)).toBe('3-2');
    expect(winner('correct-score', 4, 1)).toBe('any-other-home');
    expect(winner('correct-score', 2, 5)).toBe('any-other-away');
    expect(winner('correct-score', 4, 4)).toBe('any-other-draw');
  });

  it('voids a whole market when the match is abandoned, and refuses an impossible score', () => {
    expect(marketOutcome(market('match-odds'), 'abandoned')).toEqual({ kind: 'void' });
    expect(() => marketOutcome(market('match-odds'), { home: -1, away: 0 })).toThrow(RangeError);
  });
});
