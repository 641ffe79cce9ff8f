import { describe, expect, it } from 'vitest';
import { handicapLabel, isDecidedLine, mainLineOf } from '../../../src/sportsbook/screens/main-line';
import { unavailableReason } from '../../../src/sportsbook/ui/unavailable-reason';
import type { Market, Price } from '../../../src/contract/sportsbook-rules';
import { event, liveSelection, matchResult, price } from './fixtures';

function asian(line: number, home: Price | null, away: Price | null, status: Market['status'] = 'open'): Market {
  const signed = (value: number) => (value > 0 ? `+${value}` : `${value}`);
  return {
    id: `ev-1~asian-handicap:${line}`,
    eventId: 'ev-1',
    type: 'asian-handicap',
    name: `Asian Handicap Rovers ${signed(line)}`,
    line,
    status,
    selections: [
      { id: `ev-1~ah:${line}~home`, name: `Rovers ${signed(line)}`, price: home, status: home ? 'open' : 'closed' },
      { id: `ev-1~ah:${line}~away`, name: `United ${signed(-line)}`, price: away, status: away ? 'open' : 'closed' },
    ],
  };
}

describe('a handicap main line', () => {
  it('is the priced line nearest an even contest, wherever it is listed', () => {
    const lines = [
      asian(-1.5, price(11, 4), price(1, 4)),
      asian(-0.5, price(10, 11), price(10, 11)),
      asian(0.5, price(1, 3), price(9, 4)),
    ];
    expect(mainLineOf(lines)?.line).toBe(-0.5);
    expect(mainLineOf([...lines].reverse())?.line).toBe(-0.5);
  });

  it('takes the smaller handicap when two lines are equally even', () => {
    const lines = [asian(-1, price(1, 1), price(1, 1)), asian(0.25, price(1, 1), price(1, 1))];
    expect(mainLineOf(lines)?.line).toBe(0.25);
  });

  it('passes over a line with a side unpriced or closed, and falls back to the first when none has both', () => {
    const unpriced = asian(0, price(1, 1), null);
    const closed = asian(-0.25, price(1, 1), price(1, 1), 'closed');
    const lopsided = asian(-2.5, price(11, 1), price(1, 33));
    expect(mainLineOf([unpriced, closed, lopsided])?.line).toBe(-2.5);
    expect(mainLineOf([unpriced])?.line).toBe(0);
    expect(mainLineOf([])).toBeNull();
  });

  it('leaves out decided lines', () => {
    expect(isDecidedLine(asian(0, null, null))).toBe(true);
    expect(isDecidedLine(asian(0, price(1, 1), price(1, 1), 'closed'))).toBe(true);
    expect(isDecidedLine(asian(0, price(1, 1), null))).toBe(false);
  });

  it('puts the line alone on each button, the team being the column head', () => {
    expect(handicapLabel('Rovers -0.5', 'Rovers')).toBe('-0.5');
    expect(handicapLabel('Brackwater Harriers +1.25', 'Brackwater Harriers')).toBe('+1.25');
    expect(handicapLabel('Draw (Rovers -1)', null)).toBe('(-1)');
    expect(handicapLabel('Something else', 'Rovers')).toBe('Something else');
  });
});

describe('why a price cannot be backed', () => {
  const rovers = event('ev-1');
  const home = liveSelection(rovers, 0);

  it('says nothing while the price can be backed', () => {
    expect(unavailableReason(home)).toBeNull();
  });

  it('says Suspended for a suspended selection', () => {
    expect(unavailableReason({ ...home, status: 'suspended' })).toBe('Suspended');
  });

  it('says Not offered for an open market that leaves an outcome unpriced (too unlikely, or decided)', () => {
    expect(unavailableReason({ ...home, status: 'closed', price: null })).toBe('Not offered');
  });

  it('says Settled once the market or the match is settled, and Closed when betting has ended before that', () => {
    const settled = { ...matchResult('ev-1'), status: 'settled' as const };
    expect(unavailableReason({ ...home, status: 'closed', price: null, market: settled })).toBe('Settled');
    expect(unavailableReason({ ...home, status: 'closed', price: null, event: { ...rovers, status: 'settled' } })).toBe(
      'Settled',
    );
    expect(unavailableReason({ ...home, status: 'closed', price: null, event: { ...rovers, status: 'ended' } })).toBe(
      'Closed',
    );
    const closed = { ...matchResult('ev-1'), status: 'closed' as const };
    expect(unavailableReason({ ...home, status: 'closed', price: null, market: closed })).toBe('Closed');
  });
});
