import { describe, expect, it, vi } from 'vitest';
import { BUILDER } from '../../../src/sportsbook/stores/slip/SlipBuilder';
import type { BetBuilderApi } from '../../../src/sportsbook/stores/BetBuilderStore';
import type { PlaceBetRequest } from '../../../src/contract/sportsbook';
import { memoryStorage } from '../support/fakes';
import { createSlip, event, liveSelection, price } from './fixtures';

const rovers = event('ev-1');
const city = event('ev-2', { home: 'City', away: 'Town' });

/** A Bet Builder of two markets of `rovers`: match result and both teams to score. */
const btts = {
  id: 'ev-1~btts',
  eventId: 'ev-1',
  type: 'both-teams-to-score' as const,
  name: 'Both Teams To Score',
  line: null,
  status: 'open' as const,
  selections: [
    { id: 'ev-1~btts~yes', name: 'Yes', price: price(4, 5), status: 'open' as const },
    { id: 'ev-1~btts~no', name: 'No', price: price(1, 1), status: 'open' as const },
  ],
};
const bttsYes = {
  selection: btts.selections[0]!,
  market: btts,
  event: rovers,
  status: 'open' as const,
  price: price(4, 5),
};

function builderSlip(storage = memoryStorage()) {
  const quoteBetBuilder = vi.fn<BetBuilderApi['quoteBetBuilder']>(async (selectionIds) => ({
    quote: { eventId: 'ev-1', selectionIds, price: price(9, 2) },
  }));
  return { ...createSlip({ builderApi: { quoteBetBuilder } }, storage), quoteBetBuilder };
}

describe('the Bet Builder on the slip', () => {
  it('takes the picks of one match as one line, priced by the server, and places it from the slip as one bet', async () => {
    const { slip, api, quoteBetBuilder } = builderSlip();
    slip.toggleBuilder(liveSelection(rovers, 0));
    expect(slip.lineCount).toBe(1);
    expect(slip.builderPrice).toBeNull();
    slip.toggleBuilder(bttsYes);
    await vi.waitFor(() => expect(slip.builderPrice).toEqual(price(9, 2)));
    expect(quoteBetBuilder).toHaveBeenLastCalledWith(['ev-1~match-result~home', 'ev-1~btts~yes']);
    // One line, not two selections: the slip's singles stay empty.
    expect(slip.lineCount).toBe(1);
    expect(slip.selections).toEqual([]);

    expect(slip.blocker).toBe('Enter a stake.');
    slip.setStake(BUILDER, '2');
    expect(slip.returnsOf(BUILDER)).toBe(1100);
    expect(slip.totalStake).toBe(200);
    expect(slip.blocker).toBeNull();
    await slip.place();
    const request = api.placeBet.mock.calls[0]![0] as PlaceBetRequest;
    expect(request).toMatchObject({ kind: 'bet-builder', stake: 200, price: price(9, 2) });
    expect(request.selections!.map((selection) => selection.selectionId)).toEqual([
      'ev-1~match-result~home',
      'ev-1~btts~yes',
    ]);
    expect(slip.placements[0]!.state).toBe('accepted');

    // Done: the placed Bet Builder leaves the slip with its stake.
    slip.dismissPlacements();
    expect(slip.lineCount).toBe(0);
    expect(slip.stakeOf(BUILDER)).toBe(0);
  });

  it('keeps one pick per market, and a pick from another match starts a new Bet Builder', () => {
    const { slip } = builderSlip();
    slip.toggleBuilder(liveSelection(rovers, 0));
    slip.toggleBuilder(liveSelection(rovers, 1));
    expect(slip.builderLegs.map((leg) => leg.selectionId)).toEqual(['ev-1~match-result~draw']);
    slip.toggleBuilder(liveSelection(city, 2));
    expect(slip.builderLegs.map((leg) => leg.selectionId)).toEqual(['ev-2~match-result~away']);
    slip.toggleBuilder(liveSelection(city, 2));
    expect(slip.lineCount).toBe(0);
  });

  it('is not placed without a price, and says why: legs that cannot win together', async () => {
    const { slip, api } = createSlip({
      builderApi: {
        quoteBetBuilder: async () => ({
          refusal: { code: 'NotBuildable', message: 'These selections cannot all win together.' },
        }),
      },
    });
    slip.toggleBuilder(liveSelection(rovers, 0));
    slip.toggleBuilder(bttsYes);
    slip.setStake(BUILDER, '2');
    await vi.waitFor(() => expect(slip.builderMessage).toBe('These selections cannot all win together.'));
    expect(slip.blocker).toBe('These selections cannot all win together.');
    await slip.place();
    expect(api.placeBet).not.toHaveBeenCalled();
  });

  it('survives a reload with its legs and stake, and is priced afresh', async () => {
    const storage = memoryStorage();
    const first = builderSlip(storage).slip;
    first.toggleBuilder(liveSelection(rovers, 0));
    first.toggleBuilder(bttsYes);
    first.setStake(BUILDER, '3');
    const again = builderSlip(storage);
    expect(again.slip.builderLegs.map((leg) => leg.selectionId)).toEqual(['ev-1~match-result~home', 'ev-1~btts~yes']);
    await vi.waitFor(() => expect(again.slip.builderPrice).toEqual(price(9, 2)));
    expect(again.quoteBetBuilder).toHaveBeenCalledTimes(1);
    expect(again.slip.totalStake).toBe(300);
  });
});
