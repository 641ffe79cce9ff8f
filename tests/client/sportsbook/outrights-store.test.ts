import { describe, expect, it, vi } from 'vitest';
import { OutrightsStore } from '../../../src/sportsbook/stores/OutrightsStore';
import { OutrightsGate, type OutrightsModule } from '../../../src/sportsbook/stores/OutrightsGate';
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

function outrightsWith(first: OutrightView) {
  return new OutrightsStore({ outright: vi.fn(async () => first) });
}

describe('outrights in the frame', () => {
  it('loads a league outright, takes newer pushes, drops older ones, and finds its selections for the slip', async () => {
    const outrights = outrightsWith(
      outright(4, [
        ['Rovers', 5, 2],
        ['United', 4, 1],
      ]),
    );
    await outrights.load('eng-premier');
    expect(outrights.state.get('eng-premier')).toBe('ready');
    const id = 'season-eng-premier-1~outright~rovers';
    expect(outrights.findSelection(id)).toMatchObject({
      price: { num: 5, den: 2 },
      status: 'open',
      eventName: 'Albion Premier Division, season 1',
    });

    outrights.apply(
      outright(3, [
        ['Rovers', 9, 1],
        ['United', 4, 1],
      ]),
    );
    expect(outrights.findSelection(id)!.price).toEqual({ num: 5, den: 2 });
    outrights.apply(
      outright(5, [
        ['Rovers', 2, 1],
        ['United', 5, 1],
      ]),
    );
    expect(outrights.findSelection(id)!.price).toEqual({ num: 2, den: 1 });
    outrights.apply(
      outright(
        6,
        [
          ['Rovers', 2, 1],
          ['United', 5, 1],
        ],
        'settled',
      ),
    );
    expect(outrights.findSelection(id)).toMatchObject({ status: 'closed', price: null });
    // A new season replaces the old one whatever its seq.
    outrights.apply(outright(1, [['Rovers', 3, 1]], 'open', 'season-eng-premier-2'));
    expect(outrights.outrights.get('eng-premier')!.seasonId).toBe('season-eng-premier-2');
  });

  it('an outright suspended by a goal shows its prices locked, its season still running, and opens again on the next push', async () => {
    const outrights = outrightsWith(outright(1, [['Rovers', 5, 2]]));
    await outrights.load('eng-premier');
    const id = 'season-eng-premier-1~outright~rovers';
    const suspended = outright(2, [['Rovers', 5, 2]]);
    suspended.market = {
      ...suspended.market,
      status: 'suspended',
      selections: suspended.market.selections.map((selection) => ({ ...selection, status: 'suspended' })),
    };
    outrights.apply(suspended);
    expect(outrights.findSelection(id)).toMatchObject({
      status: 'suspended',
      price: { num: 5, den: 2 },
      event: { status: 'scheduled', suspended: true },
    });
    outrights.apply(outright(3, [['Rovers', 3, 1]]));
    expect(outrights.findSelection(id)).toMatchObject({
      status: 'open',
      price: { num: 3, den: 1 },
      event: { status: 'scheduled', suspended: false },
    });
  });

  it('the slip names the season, follows its price, and offers no accumulator or system bet with an outright on it', async () => {
    const outrights = outrightsWith(
      outright(1, [
        ['Rovers', 5, 2],
        ['United', 4, 1],
      ]),
    );
    await outrights.load('eng-premier');
    const { slip } = createSlip();
    slip.toggle(outrights.findSelection('season-eng-premier-1~outright~rovers')!);
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
    outrights.apply(
      outright(2, [
        ['Rovers', 3, 1],
        ['United', 4, 1],
      ]),
    );
    slip.reconcile((id) => outrights.findSelection(id));
    expect(slip.selections[0]!.price).toEqual({ num: 3, den: 1 });
    slip.remove('season-eng-premier-1~outright~rovers');
    expect(slip.accaOffered).toBe(true);
  });

  it('loads its code after the first paint: a push heard before the code is there is kept once it is', async () => {
    let arrive!: (module: OutrightsModule) => void;
    const code = vi.fn(() => new Promise<OutrightsModule>((resolve) => (arrive = resolve)));
    const api = { outright: vi.fn(async () => outright(1, [['Rovers', 5, 2]])) };
    const gate = new OutrightsGate(api, code);
    const id = 'season-eng-premier-1~outright~rovers';
    expect(gate.findSelection(id)).toBeNull();
    expect(code).not.toHaveBeenCalled();
    gate.apply(outright(2, [['Rovers', 3, 1]]));
    expect(code).toHaveBeenCalledTimes(1);
    arrive({ OutrightsStore });
    await vi.waitFor(() => expect(gate.findSelection(id)!.price).toEqual({ num: 3, den: 1 }));
    await gate.store!.load('eng-premier');
    expect(gate.store!.state.get('eng-premier')).toBe('ready');
    expect(api.outright).toHaveBeenCalledWith('eng-premier');
  });
});
