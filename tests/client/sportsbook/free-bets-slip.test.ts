import { describe, expect, it, vi } from 'vitest';
import { SlipStore, type SlipDeps } from '../../../src/sportsbook/stores/SlipStore';
import type { PlacementApi } from '../../../src/sportsbook/stores/slip/model';
import { FreeBetsStore } from '../../../src/sportsbook/stores/FreeBetsStore';
import type { PlaceResult } from '../../../src/sportsbook/services/api';
import { formatFractional } from '../../../src/contract/rules/odds';
import type { PlaceBetRequest } from '../../../src/contract/sportsbook';
import type { FreeBetToken } from '../../../src/contract/games';
import { memoryStorage } from '../support/fakes';
import { betView, event, liveSelection } from './fixtures';

const token = (freeBetId: string, amount: number): FreeBetToken => ({
  freeBetId,
  amount,
  expiresAt: '2026-12-01T00:00:00.000Z',
});

function createSlip(tokens: FreeBetToken[], balance = 0) {
  let ids = 0;
  const placeBet = vi.fn(async (request: PlaceBetRequest): Promise<PlaceResult> => ({
    outcome: 'accepted',
    bet: betView(request.betId, { stake: request.stake }),
  }));
  const api: PlacementApi = { placeBet, bet: vi.fn(async (betId: string) => betView(betId)) };
  let stock = tokens;
  const freeBets = new FreeBetsStore(async () => stock);
  const requestDeposit = vi.fn();
  const deps: SlipDeps = {
    api,
    storage: memoryStorage(),
    randomUUID: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    signedIn: () => true,
    balance: () => balance,
    online: () => true,
    requestLogin: vi.fn(),
    requestDeposit,
    formatPrice: formatFractional,
    setTimeout: () => 0,
    freeBetFor: freeBets.tokenFor,
  };
  return {
    slip: new SlipStore(deps),
    freeBets,
    placeBet,
    requestDeposit,
    useUp: (id: string) => (stock = stock.filter((t) => t.freeBetId !== id)),
  };
}

describe('a free bet on the slip', () => {
  it('stakes a single with the token: its amount, its id sent, no balance needed, winnings only', async () => {
    const { slip, freeBets, placeBet, requestDeposit, useUp } = createSlip([token('fb-1', 500)]);
    await freeBets.load();
    slip.toggle(liveSelection(event('ev-1'), 0)); // 5/2
    const selectionId = slip.selections[0]!.selectionId;
    expect(freeBets.offeredTo(selectionId).map((t) => t.freeBetId)).toEqual(['fb-1']);
    freeBets.choose(selectionId, 'fb-1');
    // £5 free at 5/2 returns £17.50 less the £5 that was never the customer's.
    expect(slip.returnsOf(selectionId)).toBe(1_250);
    expect(slip.shortfall).toBe(0);
    await slip.place();
    expect(requestDeposit).not.toHaveBeenCalled();
    expect(placeBet).toHaveBeenCalledWith(expect.objectContaining({ kind: 'single', stake: 500, freeBetId: 'fb-1' }));
    // Used: the next load drops the token and the choice.
    useUp('fb-1');
    await freeBets.load();
    expect(freeBets.tokenFor(selectionId)).toBeUndefined();
    expect(freeBets.offeredTo(selectionId)).toEqual([]);
  });

  it('offers a token to one single at a time, and a single with no token is staked from the balance', async () => {
    const { slip, freeBets, requestDeposit } = createSlip([token('fb-1', 500)], 100);
    await freeBets.load();
    slip.toggle(liveSelection(event('ev-1'), 0));
    slip.toggle(liveSelection(event('ev-2', { home: 'City', away: 'Town' }), 0));
    const [first, second] = slip.selections.map((selection) => selection.selectionId);
    freeBets.choose(first!, 'fb-1');
    expect(freeBets.offeredTo(second!)).toEqual([]);
    slip.setStake(second!, '2');
    expect(slip.bets.map((bet) => [bet.stake, bet.freeBetId])).toEqual([
      [500, 'fb-1'],
      [200, undefined],
    ]);
    // Only the £2 from the balance counts against its £1.
    expect(slip.shortfall).toBe(100);
    await slip.place();
    expect(requestDeposit).toHaveBeenCalledWith(100);
  });

  it('a chosen token that drops off the list leaves the single with no stake, never its amount as cash', async () => {
    const { slip, freeBets, placeBet, useUp } = createSlip([token('fb-1', 500)], 100_000);
    await freeBets.load();
    slip.toggle(liveSelection(event('ev-1'), 0));
    const selectionId = slip.selections[0]!.selectionId;
    freeBets.choose(selectionId, 'fb-1');
    slip.useFreeBet(selectionId, freeBets.tokenFor(selectionId)!);
    expect(slip.bets.map((bet) => [bet.stake, bet.freeBetId])).toEqual([[500, 'fb-1']]);
    useUp('fb-1');
    await freeBets.load();
    expect(slip.freeBetGone(selectionId)).toBe(true);
    expect(slip.bets).toEqual([]);
    expect(slip.returnsOf(selectionId)).toBeNull();
    expect(slip.blocker).toBe('Enter a stake.');
    await slip.place();
    expect(placeBet).not.toHaveBeenCalled();
    // A stake the customer types is their own money again.
    slip.setStake(selectionId, '2');
    expect(slip.freeBetGone(selectionId)).toBe(false);
    expect(slip.bets.map((bet) => [bet.stake, bet.freeBetId])).toEqual([[200, undefined]]);
  });

  it('a reset that forgets the choice never stakes the free bet amount as cash', async () => {
    const { slip, freeBets } = createSlip([token('fb-1', 500)], 100_000);
    await freeBets.load();
    slip.toggle(liveSelection(event('ev-1'), 0));
    const selectionId = slip.selections[0]!.selectionId;
    freeBets.choose(selectionId, 'fb-1');
    slip.useFreeBet(selectionId, freeBets.tokenFor(selectionId)!);
    freeBets.reset();
    expect(slip.bets).toEqual([]);
    expect(slip.totalStake).toBe(0);
  });

  it('a list that cannot be fetched offers no free bet', async () => {
    const freeBets = new FreeBetsStore(async () => {
      throw new Error('offline');
    });
    await freeBets.load();
    expect(freeBets.tokens).toEqual([]);
  });
});
