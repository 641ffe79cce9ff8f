import { describe, expect, it, vi } from 'vitest';
import { ACCA, SLIP_KEY, SlipStore, type PlacementApi, type SlipDeps } from '../../../src/sportsbook/stores/SlipStore';
import { ApiError, NO_ANSWER, type PlaceResult } from '../../../src/sportsbook/services/api';
import { formatFractional } from '../../../src/lib/odds';
import type { PlaceBetRequest } from '../../../src/contract/sportsbook';
import { memoryStorage } from '../support/fakes';
import { betView, event, liveSelection, matchResult, price } from './fixtures';

function createSlip(overrides: Partial<SlipDeps> = {}, storage = memoryStorage()) {
  let ids = 0;
  const api: PlacementApi = {
    placeBet: vi.fn(async (request: PlaceBetRequest): Promise<PlaceResult> => ({ outcome: 'accepted', bet: betView(request.betId, { stake: request.stake }) })),
    bet: vi.fn(async (betId: string) => betView(betId)),
  };
  const deps: SlipDeps = {
    api,
    storage,
    randomUUID: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    signedIn: () => true,
    balance: () => 100_000,
    online: () => true,
    requestLogin: vi.fn(),
    requestDeposit: vi.fn(),
    formatPrice: formatFractional,
    setTimeout: () => 0,
    ...overrides,
  };
  return { slip: new SlipStore(deps), deps, api: deps.api as { placeBet: ReturnType<typeof vi.fn>; bet: ReturnType<typeof vi.fn> }, storage };
}

const rovers = event('ev-1');
const city = event('ev-2', { home: 'City', away: 'Town' });
const athletic = event('ev-3', { home: 'Athletic', away: 'Wanderers' });

describe('bet slip selections', () => {
  it('offers the accumulator for two selections from different matches, with exact returns', () => {
    const { slip } = createSlip();
    slip.toggle(liveSelection(rovers, 0)); // 5/2
    slip.toggle(liveSelection(city, 2)); // 11/10
    expect(slip.accaOffered).toBe(true);
    expect(slip.accaName).toBe('Double Accumulator');
    slip.setStake(ACCA, '0.10');
    // 10p x 3.5 x 2.1 = 73.5p, rounded down once at the end
    expect(slip.returnsOf(ACCA)).toBe(73);
    slip.setStake(ACCA, '3');
    expect(slip.returnsOf(ACCA)).toBe(2205);
  });

  it('marks two selections from one match as related and does not offer the accumulator', () => {
    const { slip } = createSlip();
    slip.toggle(liveSelection(rovers, 0));
    slip.toggle(liveSelection(rovers, 1));
    slip.toggle(liveSelection(city, 0));
    expect([...slip.relatedEventIds]).toEqual(['ev-1']);
    expect(slip.isRelated(slip.selections[0]!)).toBe(true);
    expect(slip.isRelated(slip.selections[2]!)).toBe(false);
    expect(slip.accaOffered).toBe(false);
    slip.setStake(ACCA, '5');
    expect(slip.bets.map((bet) => bet.kind)).toEqual([]);
  });

  it('builds one single per staked selection and the accumulator, with the total stake', () => {
    const { slip } = createSlip();
    slip.toggle(liveSelection(rovers, 0));
    slip.toggle(liveSelection(city, 2));
    slip.toggle(liveSelection(athletic, 1));
    slip.setStake(slip.selections[0]!.selectionId, '5');
    slip.setStake(ACCA, '1.50');
    expect(slip.accaName).toBe('Treble Accumulator');
    expect(slip.bets.map((bet) => [bet.kind, bet.stake])).toEqual([
      ['single', 500],
      ['accumulator', 150],
    ]);
    expect(slip.totalStake).toBe(650);
    expect(slip.returnsOf(slip.selections[0]!.selectionId)).toBe(1750);
  });

  it('pressing a selected price again removes it', () => {
    const { slip } = createSlip();
    slip.toggle(liveSelection(rovers, 0));
    slip.toggle(liveSelection(rovers, 0));
    expect(slip.selections).toEqual([]);
  });

  it('survives a reload: selections, stakes and the price-change choice come back from storage', () => {
    const storage = memoryStorage();
    const first = createSlip({}, storage).slip;
    first.toggle(liveSelection(rovers, 0));
    first.toggle(liveSelection(city, 2));
    first.setStake(ACCA, '2.50');
    first.setAcceptPriceChanges(true);
    const reloaded = createSlip({}, storage).slip;
    expect(reloaded.selections.map((selection) => selection.selectionName)).toEqual(['Rovers', 'United']);
    expect(reloaded.stakeOf(ACCA)).toBe(250);
    expect(reloaded.acceptPriceChanges).toBe(true);
  });
});

describe('price changes on the slip', () => {
  it('shows the old and new price and asks to accept before placing', async () => {
    const { slip, api } = createSlip();
    slip.toggle(liveSelection(rovers, 0));
    slip.setStake(slip.selections[0]!.selectionId, '5');
    const moved = event('ev-1', { mainMarket: matchResult('ev-1', [price(2, 1), price(9, 4), price(11, 10)]) });
    slip.reconcile(() => liveSelection(moved, 0));
    expect(slip.movement(slip.selections[0]!)).toBe('down');
    expect(slip.selections[0]!.acceptedPrice).toEqual(price(5, 2));
    expect(slip.announcement).toBe('Rovers: price changed from 5/2 to 2/1.');
    expect(slip.blocker).toBe('Prices have changed. Accept the new prices to continue.');
    await slip.place();
    expect(api.placeBet).not.toHaveBeenCalled();
    slip.acceptChanges();
    await slip.place();
    expect(api.placeBet).toHaveBeenCalledTimes(1);
    expect(api.placeBet.mock.calls[0]![0].selections).toEqual([{ selectionId: 'ev-1~match-result~home', price: price(2, 1) }]);
  });

  it('with "accept price changes" sends the newest price without asking', async () => {
    const { slip, api } = createSlip();
    slip.toggle(liveSelection(rovers, 0));
    slip.setStake(slip.selections[0]!.selectionId, '5');
    slip.setAcceptPriceChanges(true);
    slip.reconcile(() => liveSelection(event('ev-1', { mainMarket: matchResult('ev-1', [price(3, 1), price(9, 4), price(11, 10)]) }), 0));
    expect(slip.hasPriceChanges).toBe(false);
    await slip.place();
    expect(api.placeBet.mock.calls[0]![0]).toMatchObject({ acceptPriceChanges: true, selections: [{ price: price(3, 1) }] });
  });

  it('a suspended selection stops placing until it reopens', async () => {
    const { slip, api } = createSlip();
    slip.toggle(liveSelection(rovers, 0));
    slip.setStake(slip.selections[0]!.selectionId, '5');
    slip.reconcile(() => ({ ...liveSelection(rovers, 0), status: 'suspended' }));
    expect(slip.blocker).toBe('A selection is suspended. Remove it or wait for it to reopen.');
    await slip.place();
    expect(api.placeBet).not.toHaveBeenCalled();
  });

  it('a PriceChanged refusal puts the new price on the slip and asks again', async () => {
    const { slip, api } = createSlip();
    api.placeBet.mockResolvedValueOnce({
      outcome: 'refused',
      refusal: { message: 'Price changed', code: 'PriceChanged', changes: [{ selectionId: 'ev-1~match-result~home', price: price(7, 4), status: 'open' }] },
    });
    slip.toggle(liveSelection(rovers, 0));
    slip.setStake(slip.selections[0]!.selectionId, '5');
    await slip.place();
    expect(slip.placements[0]!.state).toBe('refused');
    expect(slip.selections[0]!.price).toEqual(price(7, 4));
    expect(slip.movement(slip.selections[0]!)).toBe('down');
  });
});

describe('placing a bet', () => {
  it('stores the bet id with the slip before sending, and the receipt keeps it', async () => {
    const storage = memoryStorage();
    const { slip, api } = createSlip({}, storage);
    let storedAtSend: unknown;
    api.placeBet.mockImplementationOnce(async (request: PlaceBetRequest) => {
      storedAtSend = JSON.parse(storage.getItem(SLIP_KEY)!).placements[0];
      return { outcome: 'accepted', bet: betView(request.betId) };
    });
    slip.toggle(liveSelection(rovers, 0));
    slip.setStake(slip.selections[0]!.selectionId, '5');
    await slip.place();
    expect(storedAtSend).toMatchObject({ state: 'placing', request: { betId: '00000000-0000-4000-8000-000000000001', kind: 'single', stake: 500 } });
    expect(slip.placements[0]).toMatchObject({ state: 'accepted', request: { betId: '00000000-0000-4000-8000-000000000001' } });
    expect(slip.announcement).toBe('Bet placed. Bet ID 00000000-0000-4000-8000-000000000001.');
  });

  it('a lost answer asks the server by bet id; a retry sends the same bet id, never a new one', async () => {
    const { slip, api } = createSlip();
    api.placeBet.mockRejectedValueOnce(new ApiError(0, NO_ANSWER));
    api.bet.mockRejectedValueOnce(new ApiError(404, 'Not found'));
    slip.toggle(liveSelection(rovers, 0));
    slip.setStake(slip.selections[0]!.selectionId, '5');
    await slip.place();
    await vi.waitFor(() => expect(slip.placements[0]!.state).toBe('not-placed'));
    expect(api.bet).toHaveBeenCalledWith('00000000-0000-4000-8000-000000000001');
    expect(slip.placements[0]!.message).toBe('Your bet was not placed and nothing was taken from your balance.');
    await slip.retry('00000000-0000-4000-8000-000000000001');
    expect(api.placeBet).toHaveBeenCalledTimes(2);
    expect(api.placeBet.mock.calls[1]![0].betId).toBe(api.placeBet.mock.calls[0]![0].betId);
    expect(slip.placements[0]!.state).toBe('accepted');
  });

  it('a lost answer for a bet that did go on says so after checking', async () => {
    const { slip, api } = createSlip();
    api.placeBet.mockRejectedValueOnce(new ApiError(503, NO_ANSWER));
    slip.toggle(liveSelection(rovers, 0));
    slip.setStake(slip.selections[0]!.selectionId, '5');
    await slip.place();
    await vi.waitFor(() => expect(slip.placements[0]!.state).toBe('accepted'));
    expect(api.placeBet).toHaveBeenCalledTimes(1);
  });

  it('a placement interrupted by a reload is checked, never sent again', async () => {
    const storage = memoryStorage();
    const first = createSlip({}, storage);
    first.api.placeBet.mockImplementationOnce(() => new Promise(() => undefined));
    first.slip.toggle(liveSelection(rovers, 0));
    first.slip.setStake(first.slip.selections[0]!.selectionId, '5');
    void first.slip.place();
    const reloaded = createSlip({}, storage);
    expect(reloaded.slip.placements[0]!.state).toBe('unknown');
    reloaded.slip.checkUnresolved();
    await vi.waitFor(() => expect(reloaded.slip.placements[0]!.state).toBe('accepted'));
    expect(reloaded.api.placeBet).not.toHaveBeenCalled();
    expect(reloaded.api.bet).toHaveBeenCalledWith('00000000-0000-4000-8000-000000000001');
  });

  it('a refusal shows the wallet reason in words', async () => {
    const { slip, api } = createSlip();
    api.placeBet.mockResolvedValueOnce({ outcome: 'refused', refusal: { message: 'Insufficient funds', code: 'InsufficientFunds' } });
    slip.toggle(liveSelection(rovers, 0));
    slip.setStake(slip.selections[0]!.selectionId, '5');
    await slip.place();
    expect(slip.placements[0]).toMatchObject({ state: 'refused', message: 'Insufficient funds' });
  });

  it('logged out, Place asks the host for login and keeps the slip', async () => {
    const { slip, api, deps } = createSlip({ signedIn: () => false, balance: () => null });
    slip.toggle(liveSelection(rovers, 0));
    slip.setStake(slip.selections[0]!.selectionId, '5');
    await slip.place();
    expect(deps.requestLogin).toHaveBeenCalledTimes(1);
    expect(api.placeBet).not.toHaveBeenCalled();
    expect(slip.selections).toHaveLength(1);
  });

  it('a stake above the balance asks for a deposit of the shortfall', async () => {
    const { slip, api, deps } = createSlip({ balance: () => 300 });
    slip.toggle(liveSelection(rovers, 0));
    slip.setStake(slip.selections[0]!.selectionId, '5');
    await slip.place();
    expect(deps.requestDeposit).toHaveBeenCalledWith(200);
    expect(api.placeBet).not.toHaveBeenCalled();
  });

  it('offline, Place sends nothing and says why', async () => {
    const { slip, api } = createSlip({ online: () => false });
    slip.toggle(liveSelection(rovers, 0));
    slip.setStake(slip.selections[0]!.selectionId, '5');
    await slip.place();
    expect(api.placeBet).not.toHaveBeenCalled();
    expect(slip.notice).toBe('You are offline. Bets can be placed once you are back online.');
  });

  it('Done takes the placed selections off the slip', async () => {
    const { slip } = createSlip();
    slip.toggle(liveSelection(rovers, 0));
    slip.toggle(liveSelection(city, 0));
    slip.setStake(slip.selections[0]!.selectionId, '5');
    await slip.place();
    slip.dismissPlacements();
    expect(slip.selections.map((selection) => selection.eventId)).toEqual(['ev-2']);
    expect(slip.placements).toEqual([]);
  });
});
