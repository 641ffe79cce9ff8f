import { describe, expect, it, vi } from 'vitest';
import { ACCA, systemKey } from '../../../src/sportsbook/stores/slip/model';
import { CHECK_LAST_BET, PLACED_AFTER_ALL, WAIT_FOR_LAST_BET } from '../../../src/sportsbook/stores/slip/wording';
import { SLIP_KEY } from '../../../src/sportsbook/stores/slip/model';
import { ApiError, NO_ANSWER } from '../../../src/sportsbook/services/api';
import type { PlaceBetRequest } from '../../../src/contract/sportsbook';
import { memoryStorage } from '../support/fakes';
import { betView, createSlip, event, liveSelection, matchResult, price } from './fixtures';
import { shortBetReference } from '../../../src/sportsbook/ui/format';

const rovers = event('ev-1');
const city = event('ev-2', { home: 'City', away: 'Town' });
const athletic = event('ev-3', { home: 'Athletic', away: 'Wanderers' });

/** A slip whose £5 single was being sent when the page reloaded: the slip as the reload finds it. */
function reloadedMidPlacement() {
  const storage = memoryStorage();
  const first = createSlip({}, storage);
  first.api.placeBet.mockImplementationOnce(() => new Promise(() => undefined));
  first.slip.toggle(liveSelection(rovers, 0));
  first.slip.setStake(first.slip.selections[0]!.selectionId, '5');
  void first.slip.place();
  return createSlip({}, storage);
}

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
    first.setPriceChanges('higher');
    const reloaded = createSlip({}, storage).slip;
    expect(reloaded.selections.map((selection) => selection.selectionName)).toEqual(['Rovers', 'United']);
    expect(reloaded.stakeOf(ACCA)).toBe(250);
    expect(reloaded.priceChanges).toBe('higher');
  });

  it("a slip saved by an older frame keeps its choice: 'accept all price changes' is 'any'", () => {
    const storage = memoryStorage();
    storage.setItem(SLIP_KEY, JSON.stringify({ selections: [], stakes: {}, acceptPriceChanges: true, placements: [] }));
    expect(createSlip({}, storage).slip.priceChanges).toBe('any');
    storage.setItem(
      SLIP_KEY,
      JSON.stringify({ selections: [], stakes: {}, acceptPriceChanges: false, placements: [] }),
    );
    expect(createSlip({}, storage).slip.priceChanges).toBe('never');
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
    expect(api.placeBet.mock.calls[0]![0].selections).toEqual([
      { selectionId: 'ev-1~match-result~home', price: price(2, 1) },
    ]);
  });

  it('with "accept any odds" sends the newest price without asking', async () => {
    const { slip, api } = createSlip();
    slip.toggle(liveSelection(rovers, 0));
    slip.setStake(slip.selections[0]!.selectionId, '5');
    slip.setPriceChanges('any');
    slip.reconcile(() =>
      liveSelection(event('ev-1', { mainMarket: matchResult('ev-1', [price(2, 1), price(9, 4), price(11, 10)]) }), 0),
    );
    expect(slip.hasPriceChanges).toBe(false);
    await slip.place();
    expect(api.placeBet.mock.calls[0]![0]).toMatchObject({ priceChanges: 'any', selections: [{ price: price(2, 1) }] });
  });

  it('with "accept higher odds" a longer price is taken silently and a shorter one asks first', async () => {
    const { slip, api } = createSlip();
    slip.toggle(liveSelection(rovers, 0)); // 5/2
    slip.setStake(slip.selections[0]!.selectionId, '5');
    slip.setPriceChanges('higher');
    const at = (home: ReturnType<typeof price>) =>
      liveSelection(event('ev-1', { mainMarket: matchResult('ev-1', [home, price(9, 4), price(11, 10)]) }), 0);
    slip.reconcile(() => at(price(3, 1)));
    expect(slip.hasPriceChanges).toBe(false);
    slip.reconcile(() => at(price(2, 1)));
    expect(slip.movement(slip.selections[0]!)).toBe('down');
    expect(slip.blocker).toBe('Prices have changed. Accept the new prices to continue.');
    slip.acceptChanges();
    await slip.place();
    expect(api.placeBet.mock.calls[0]![0]).toMatchObject({
      priceChanges: 'higher',
      selections: [{ price: price(2, 1) }],
    });
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
      refusal: {
        message: 'Price changed',
        code: 'PriceChanged',
        changes: [{ selectionId: 'ev-1~match-result~home', price: price(7, 4), status: 'open' }],
      },
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
    expect(storedAtSend).toMatchObject({
      state: 'placing',
      request: { betId: '00000000-0000-4000-8000-000000000001', kind: 'single', stake: 500 },
    });
    expect(slip.placements[0]).toMatchObject({
      state: 'accepted',
      request: { betId: '00000000-0000-4000-8000-000000000001' },
    });
    expect(slip.announcement).toBe('Bet placed. Bet reference 00000000.');
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
    const reloaded = reloadedMidPlacement();
    expect(reloaded.slip.placements[0]!.state).toBe('unknown');
    reloaded.slip.checkUnresolved();
    await vi.waitFor(() => expect(reloaded.slip.placements[0]!.state).toBe('accepted'));
    expect(reloaded.api.placeBet).not.toHaveBeenCalled();
    expect(reloaded.api.bet).toHaveBeenCalledWith('00000000-0000-4000-8000-000000000001');
  });

  it('a refusal shows the wallet reason in words', async () => {
    const { slip, api } = createSlip();
    api.placeBet.mockResolvedValueOnce({
      outcome: 'refused',
      refusal: { message: 'Insufficient funds', code: 'InsufficientFunds' },
    });
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

describe('no second placement while an earlier one is unresolved', () => {
  const FIRST = '00000000-0000-4000-8000-000000000001';

  it('a lost answer whose check also fails: Place sends nothing new and says why, and Check again settles it', async () => {
    const { slip, api } = createSlip();
    api.placeBet.mockRejectedValueOnce(new ApiError(0, NO_ANSWER));
    api.bet.mockRejectedValueOnce(new ApiError(0, NO_ANSWER));
    slip.toggle(liveSelection(rovers, 0));
    slip.setStake(slip.selections[0]!.selectionId, '5');
    await slip.place();
    await vi.waitFor(() => expect(slip.placements[0]!.state).toBe('unknown'));
    expect(slip.placing).toBe(true);
    expect(slip.blocker).toBe(CHECK_LAST_BET);
    await slip.place();
    await slip.place();
    expect(api.placeBet).toHaveBeenCalledTimes(1);
    expect(slip.placements.map((placement) => placement.request.betId)).toEqual([FIRST]);
    expect(slip.notice).toBe(CHECK_LAST_BET);
    await slip.check(FIRST);
    expect(slip.placements[0]!.state).toBe('accepted');
    expect(slip.placing).toBe(false);
    expect(slip.notice).toBeNull();
  });

  it('a pending (202) bet: Place sends no other until it is known', async () => {
    const { slip, api } = createSlip();
    api.placeBet.mockResolvedValueOnce({ outcome: 'pending', bet: betView(FIRST, { status: 'pending' }) });
    slip.toggle(liveSelection(rovers, 0));
    slip.setStake(slip.selections[0]!.selectionId, '5');
    await slip.place();
    expect(slip.placements[0]!.state).toBe('pending');
    expect(slip.blocker).toBe(WAIT_FOR_LAST_BET);
    await slip.place();
    expect(api.placeBet).toHaveBeenCalledTimes(1);
    expect(slip.notice).toBe(WAIT_FOR_LAST_BET);
    slip.onBet(betView(FIRST, { status: 'open' }));
    expect(slip.placements[0]!.state).toBe('accepted');
    expect(slip.notice).toBeNull();
  });

  it('a bet reloaded as unknown blocks Place until it is checked', async () => {
    const reloaded = reloadedMidPlacement();
    expect(reloaded.slip.placements[0]!.state).toBe('unknown');
    await reloaded.slip.place();
    expect(reloaded.api.placeBet).not.toHaveBeenCalled();
  });
});

describe('a bet found not placed after its answer was lost', () => {
  const FIRST = '00000000-0000-4000-8000-000000000001';

  async function notPlaced(
    overrides: Parameters<typeof createSlip>[0] = {},
    storage?: Parameters<typeof createSlip>[1],
  ) {
    const made = createSlip(overrides, storage);
    made.api.placeBet.mockRejectedValueOnce(new ApiError(0, NO_ANSWER));
    made.api.bet.mockRejectedValueOnce(new ApiError(404, 'Not found'));
    made.slip.toggle(liveSelection(rovers, 0));
    made.slip.setStake(made.slip.selections[0]!.selectionId, '5');
    await made.slip.place();
    await vi.waitFor(() => expect(made.slip.placements[0]!.state).toBe('not-placed'));
    return made;
  }

  it('is corrected by its push when the server stored it after all', async () => {
    const { slip } = await notPlaced();
    slip.onBet(betView(FIRST, { status: 'open' }));
    expect(slip.placements[0]!.state).toBe('accepted');
    expect(slip.announcement).toBe(`Bet placed. Bet reference ${shortBetReference(FIRST)}.`);
  });

  it('is corrected by its push to pending or refused too', async () => {
    const { slip } = await notPlaced();
    slip.onBet(betView(FIRST, { status: 'pending' }));
    expect(slip.placements[0]!.state).toBe('pending');
    slip.onBet(betView(FIRST, { status: 'rejected', reason: 'This market is closed.' }));
    expect(slip.placements[0]).toMatchObject({ state: 'refused', message: 'This market is closed.' });
  });

  it('is asked about once more a little later, and after a reconnect, and corrected from the answer', async () => {
    const timers: Array<() => void> = [];
    const { slip, api } = await notPlaced({ setTimeout: (fn) => timers.push(fn) });
    expect(timers).toHaveLength(1);
    // Still not there: it stays not placed, quietly.
    api.bet.mockRejectedValueOnce(new ApiError(404, 'Not found'));
    timers[0]!();
    await vi.waitFor(() => expect(api.bet).toHaveBeenCalledTimes(2));
    expect(slip.placements[0]!.state).toBe('not-placed');
    // The server has it now: a reconnect's check says so.
    slip.checkUnresolved();
    await vi.waitFor(() => expect(slip.placements[0]!.state).toBe('accepted'));
    expect(api.placeBet).toHaveBeenCalledTimes(1);
  });

  it('after Back to bet slip, a late push that it went on after all brings it back as placed, saying so', async () => {
    const { slip } = await notPlaced();
    slip.dismissPlacements();
    expect(slip.placements).toEqual([]);
    slip.onBet(betView(FIRST, { status: 'open' }));
    expect(slip.placements).toHaveLength(1);
    expect(slip.placements[0]).toMatchObject({ state: 'accepted', message: PLACED_AFTER_ALL });
    expect(slip.announcement).toBe(`${PLACED_AFTER_ALL} Bet reference ${shortBetReference(FIRST)}.`);
  });

  it('set aside by a new selection, it is still asked about a little later and after a reload, and forgotten once still unknown', async () => {
    const timers: Array<() => void> = [];
    const storage = memoryStorage();
    const { slip, api } = await notPlaced({ setTimeout: (fn) => timers.push(fn) }, storage);
    slip.toggle(liveSelection(city, 0));
    expect(slip.placements).toEqual([]);
    // The recheck a little later: the server still does not have it.
    api.bet.mockRejectedValueOnce(new ApiError(404, 'Not found'));
    timers[0]!();
    await vi.waitFor(() => expect(api.bet).toHaveBeenCalledTimes(2));
    // Forgotten: a reload asks about nothing, and a late push of it changes nothing.
    const reloaded = createSlip({}, storage);
    reloaded.slip.checkUnresolved();
    reloaded.slip.onBet(betView(FIRST, { status: 'open' }));
    expect(reloaded.api.bet).not.toHaveBeenCalled();
    expect(reloaded.slip.placements).toEqual([]);
  });

  it('set aside, a reload asks about it and shows it placed when the server has it; a rejected one stays out of view', async () => {
    const storage = memoryStorage();
    const { slip } = await notPlaced({}, storage);
    slip.dismissPlacements();
    const reloaded = createSlip({}, storage);
    reloaded.api.bet.mockResolvedValueOnce(betView(FIRST, { status: 'open' }));
    reloaded.slip.checkUnresolved();
    await vi.waitFor(() =>
      expect(reloaded.slip.placements[0]).toMatchObject({ state: 'accepted', message: PLACED_AFTER_ALL }),
    );

    const other = await notPlaced();
    other.slip.dismissPlacements();
    other.slip.onBet(betView(FIRST, { status: 'rejected', reason: 'This market is closed.' }));
    expect(other.slip.placements).toEqual([]);
  });

  it('set aside, a late push that it is held in play brings it back, and its acceptance still says it went on after all', async () => {
    const { slip } = await notPlaced({ setTimeout: () => undefined });
    slip.dismissPlacements();
    slip.onBet(betView(FIRST, { status: 'pending', heldUntil: new Date(Date.now() + 5_000).toISOString() }));
    expect(slip.placements[0]!.state).toBe('held');
    slip.onBet(betView(FIRST, { status: 'open' }));
    expect(slip.placements[0]).toMatchObject({ state: 'accepted', message: PLACED_AFTER_ALL });
  });

  it('Try again still sends the same bet id', async () => {
    const { slip, api } = await notPlaced();
    await slip.retry(FIRST);
    expect(api.placeBet).toHaveBeenCalledTimes(2);
    expect(api.placeBet.mock.calls[1]![0].betId).toBe(FIRST);
    expect(slip.placements[0]!.state).toBe('accepted');
  });
});

describe('system bets on the slip', () => {
  const matches = (count: number) =>
    Array.from({ length: count }, (_, index) =>
      event(`ev-${index + 10}`, { home: `Home ${index}`, away: `Away ${index}` }),
    );

  it('offers exactly the system bets that fit the selections: none for 2 or 9, a Trixie and Patent for 3, a Goliath for 8', () => {
    const { slip } = createSlip();
    const events = matches(9);
    const offered = [];
    for (const match of events) {
      slip.toggle(liveSelection(match, 0));
      offered.push(slip.systemsOffered.map((type) => type.type).join(' '));
    }
    expect(offered).toEqual([
      '',
      '',
      'trixie patent',
      'yankee lucky15',
      'canadian lucky31',
      'heinz lucky63',
      'super-heinz',
      'goliath',
      '',
    ]);
  });

  it('offers none when two selections come from one match', () => {
    const { slip } = createSlip();
    slip.toggle(liveSelection(rovers, 0));
    slip.toggle(liveSelection(rovers, 1));
    slip.toggle(liveSelection(city, 0));
    expect(slip.systemsOffered).toEqual([]);
  });

  it('a Yankee staked £1 per line costs £11, returns each line rounded down, and is sent as a system bet with its stake per line', async () => {
    const { slip, api } = createSlip();
    for (const match of matches(4)) slip.toggle(liveSelection(match, 1)); // the draws, at 9/4
    slip.setStake(systemKey('yankee'), '1');
    expect(slip.systemTotal('yankee')).toBe(1_100);
    expect(slip.totalStake).toBe(1_100);
    // At 9/4 (3.25): 6 doubles of 1056.25 -> 1056, 4 trebles of 3432.81 -> 3432, a fourfold of 11156.64 -> 11156.
    expect(slip.returnsOf(systemKey('yankee'))).toBe(6 * 1_056 + 4 * 3_432 + 11_156);
    await slip.place();
    expect(api.placeBet.mock.calls[0]![0]).toMatchObject({ kind: 'system', system: 'yankee', stake: 100 });
    expect(api.placeBet.mock.calls[0]![0].selections).toHaveLength(4);
  });

  it('refuses to send a system bet whose whole stake is over £10,000', async () => {
    const { slip, api } = createSlip({ balance: () => 10_000_000 });
    for (const match of matches(8)) slip.toggle(liveSelection(match, 0));
    slip.setStake(systemKey('goliath'), '41');
    expect(slip.blocker).toBe('The maximum stake is £10,000.');
    await slip.place();
    expect(api.placeBet).not.toHaveBeenCalled();
  });
});

describe('the in-play delay on the slip', () => {
  const heldUntil = '2026-11-23T12:00:06.000Z';
  const now = () => Date.parse('2026-11-23T12:00:00.000Z');

  it('shows a held bet as being placed, says so once, asks again when the hold ends, and then shows the refusal', async () => {
    const timers: number[] = [];
    const { slip, api } = createSlip({ now, setTimeout: (_fn, ms) => timers.push(ms) });
    api.placeBet.mockResolvedValueOnce({ outcome: 'pending', bet: betView('x', { status: 'pending', heldUntil }) });
    slip.toggle(liveSelection(rovers, 0));
    slip.setStake(slip.selections[0]!.selectionId, '5');
    await slip.place();
    expect(slip.placements[0]).toMatchObject({ state: 'held', heldUntil });
    expect(slip.placing).toBe(true);
    expect(slip.announcement).toBe(
      'Placing your bet. In-play bets are held for a few seconds before they are accepted.',
    );
    expect(timers).toEqual([6_750]);
    // The price moves during the hold: shown, but the hold's words stay what a screen reader hears.
    const moved = event('ev-1', { mainMarket: matchResult('ev-1', [price(9, 4), price(9, 4), price(11, 10)]) });
    slip.reconcile(() => liveSelection(moved, 0));
    expect(slip.selections[0]!.price).toEqual(price(9, 4));
    expect(slip.announcement).toBe(
      'Placing your bet. In-play bets are held for a few seconds before they are accepted.',
    );
    await slip.place();
    expect(api.placeBet).toHaveBeenCalledTimes(1);
    const reason =
      'A goal was scored while your bet was being placed, so it was not accepted. Nothing was taken from your balance.';
    slip.onBet(betView(slip.placements[0]!.request.betId, { status: 'rejected', reason }));
    expect(slip.placements[0]).toMatchObject({ state: 'refused', message: reason });
    expect(slip.placements[0]!.heldUntil).toBeUndefined();
    expect(slip.announcement).toBe(`Bet not placed. ${reason}`);
  });

  it('a reload during the hold asks what became of the bet, shows the hold again, and never sends it twice', async () => {
    const storage = memoryStorage();
    const first = createSlip({ now }, storage);
    first.api.placeBet.mockResolvedValueOnce({
      outcome: 'pending',
      bet: betView('x', { status: 'pending', heldUntil }),
    });
    first.slip.toggle(liveSelection(rovers, 0));
    first.slip.setStake(first.slip.selections[0]!.selectionId, '5');
    await first.slip.place();
    const reloaded = createSlip({ now }, storage);
    expect(reloaded.slip.placements[0]!.state).toBe('held');
    reloaded.api.bet.mockResolvedValueOnce(
      betView('00000000-0000-4000-8000-000000000001', { status: 'pending', heldUntil }),
    );
    reloaded.slip.checkUnresolved();
    await vi.waitFor(() => expect(reloaded.api.bet).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(reloaded.slip.placements[0]!.state).toBe('held'));
    await reloaded.slip.check('00000000-0000-4000-8000-000000000001');
    expect(reloaded.slip.placements[0]!.state).toBe('accepted');
    expect(reloaded.api.placeBet).not.toHaveBeenCalled();
  });
});
