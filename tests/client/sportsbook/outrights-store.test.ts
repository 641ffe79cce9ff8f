import { describe, expect, it, vi } from 'vitest';
import { CatalogStore, type CatalogApi } from '../../../src/sportsbook/stores/CatalogStore';
import type { OutrightView } from '../../../src/contract/sportsbook-rules';
import { createSlip, event, liveSelection, price } from './fixtures';

function outright(
  seq: number,
  prices: Array<[string, number, number]>,
  status: OutrightView['market']['status'] = 'open',
  seasonId = 'season-eng-premier-1',
): OutrightView {
  const marketId = `${seasonId}~outright`;
  return {
    competitionId: 'eng-premier',
    competitionName: 'Albion Premier Division',
    seasonId,
    seasonName: 'Albion Premier Division, season 1',
    seq,
    fixturesPlayed: 3,
    fixturesTotal: 240,
    table: [],
    market: {
      id: marketId,
      eventId: seasonId,
      type: 'outright',
      name: 'To win the Albion Premier Division',
      line: null,
      status,
      selections: prices.map(([name, num, den]) => ({
        id: `${marketId}~${name.toLowerCase()}`,
        name,
        price: status === 'open' ? price(num, den) : null,
        status: status === 'open' ? 'open' : 'closed',
      })),
    },
    winners: null,
  };
}

function catalogWith(first: OutrightView) {
  const api: CatalogApi = {
    competitions: vi.fn(async () => []),
    events: vi.fn(async () => []),
    event: vi.fn(async () => event('ev-1')),
    outright: vi.fn(async () => first),
  };
  return new CatalogStore(api);
}

describe('outrights in the frame', () => {
  it('loads a league outright, takes newer pushes, drops older ones, and finds its selections for the slip', async () => {
    const catalog = catalogWith(
      outright(4, [
        ['Rovers', 5, 2],
        ['United', 4, 1],
      ]),
    );
    await catalog.loadOutright('eng-premier');
    expect(catalog.outrightState.get('eng-premier')).toBe('ready');
    const id = 'season-eng-premier-1~outright~rovers';
    expect(catalog.findSelection(id)).toMatchObject({
      price: { num: 5, den: 2 },
      status: 'open',
      eventName: 'Albion Premier Division, season 1',
    });

    catalog.apply({
      type: 'outright-update',
      outright: outright(3, [
        ['Rovers', 9, 1],
        ['United', 4, 1],
      ]),
    });
    expect(catalog.findSelection(id)!.price).toEqual({ num: 5, den: 2 });
    catalog.apply({
      type: 'outright-update',
      outright: outright(5, [
        ['Rovers', 2, 1],
        ['United', 5, 1],
      ]),
    });
    expect(catalog.findSelection(id)!.price).toEqual({ num: 2, den: 1 });
    catalog.apply({
      type: 'outright-update',
      outright: outright(
        6,
        [
          ['Rovers', 2, 1],
          ['United', 5, 1],
        ],
        'settled',
      ),
    });
    expect(catalog.findSelection(id)).toMatchObject({ status: 'closed', price: null });
    // A new season replaces the old one whatever its seq.
    catalog.apply({
      type: 'outright-update',
      outright: outright(1, [['Rovers', 3, 1]], 'open', 'season-eng-premier-2'),
    });
    expect(catalog.outrights.get('eng-premier')!.seasonId).toBe('season-eng-premier-2');
  });

  it('an outright suspended by a goal shows its prices locked, its season still running, and opens again on the next push', async () => {
    const catalog = catalogWith(outright(1, [['Rovers', 5, 2]]));
    await catalog.loadOutright('eng-premier');
    const id = 'season-eng-premier-1~outright~rovers';
    const suspended = outright(2, [['Rovers', 5, 2]]);
    suspended.market = {
      ...suspended.market,
      status: 'suspended',
      selections: suspended.market.selections.map((selection) => ({ ...selection, status: 'suspended' })),
    };
    catalog.apply({ type: 'outright-update', outright: suspended });
    expect(catalog.findSelection(id)).toMatchObject({
      status: 'suspended',
      price: { num: 5, den: 2 },
      event: { status: 'scheduled', suspended: true },
    });
    catalog.apply({ type: 'outright-update', outright: outright(3, [['Rovers', 3, 1]]) });
    expect(catalog.findSelection(id)).toMatchObject({
      status: 'open',
      price: { num: 3, den: 1 },
      event: { status: 'scheduled', suspended: false },
    });
  });

  it('the slip names the season, follows its price, and offers no accumulator or system bet with an outright on it', async () => {
    const catalog = catalogWith(
      outright(1, [
        ['Rovers', 5, 2],
        ['United', 4, 1],
      ]),
    );
    await catalog.loadOutright('eng-premier');
    const { slip } = createSlip();
    slip.toggle(catalog.findSelection('season-eng-premier-1~outright~rovers')!);
    expect(slip.selections[0]).toMatchObject({
      eventName: 'Albion Premier Division, season 1',
      marketName: 'To win the Albion Premier Division',
      selectionName: 'Rovers',
      outright: true,
    });
    for (const id of ['ev-1', 'ev-2']) slip.toggle(liveSelection(event(id), 0));
    expect(slip.selections).toHaveLength(3);
    expect(slip.hasOutright).toBe(true);
    expect(slip.accaOffered).toBe(false);
    expect(slip.systemsOffered).toEqual([]);
    catalog.apply({
      type: 'outright-update',
      outright: outright(2, [
        ['Rovers', 3, 1],
        ['United', 4, 1],
      ]),
    });
    slip.reconcile((id) => catalog.findSelection(id));
    expect(slip.selections[0]!.price).toEqual({ num: 3, den: 1 });
    slip.remove('season-eng-premier-1~outright~rovers');
    expect(slip.accaOffered).toBe(true);
  });
});
