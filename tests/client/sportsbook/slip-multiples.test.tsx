import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { SportsbookContext } from '../../../src/sportsbook/app/context';
import { BetSlip } from '../../../src/sportsbook/ui/BetSlip';
import { SLIP_KEY } from '../../../src/sportsbook/stores/slip/model';
import { slipSelectionOf } from '../../../src/sportsbook/stores/slip/SlipSelections';
import { ACCA, ALL_SINGLES, systemKey } from '../../../src/sportsbook/stores/slip/model';
import { fakeFetch } from '../support/fakes';
import { createSlip, event, frameOn, liveSelection } from './fixtures';

const matches = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    event(`ev-${index + 10}`, { home: `Home ${index}`, away: `Away ${index}` }),
  );

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('every multiple on the slip', () => {
  it('offers the n-folds below the accumulator: none for 2, Doubles for 3, Doubles to 11-Folds for 12', () => {
    const { slip } = createSlip();
    const offered: string[] = [];
    for (const match of matches(12)) {
      slip.toggle(liveSelection(match, 0));
      offered.push(slip.nFoldsOffered.map((type) => type.type).join(' '));
    }
    expect(offered.slice(0, 4)).toEqual(['', '', 'doubles', 'doubles trebles']);
    expect(offered[11]).toBe(
      'doubles trebles fourfolds fivefolds sixfolds sevenfolds eightfolds ninefolds tenfolds elevenfolds',
    );
  });

  it('offers none with two selections of one match, or with an outright', () => {
    const { slip } = createSlip();
    const [first, second] = matches(2);
    slip.toggle(liveSelection(first!, 0));
    slip.toggle(liveSelection(first!, 1));
    slip.toggle(liveSelection(second!, 0));
    expect(slip.nFoldsOffered).toEqual([]);
  });

  it('£1 Doubles on 4 cost £6 and each line returns rounded down; sent as a system bet with its stake per line', async () => {
    const { slip, api } = createSlip();
    for (const match of matches(4)) slip.toggle(liveSelection(match, 1)); // the draws, at 9/4
    slip.setStake(systemKey('doubles'), '1');
    slip.setStake(systemKey('trebles'), '0.50');
    expect(slip.systemTotal('doubles')).toBe(600);
    expect(slip.systemTotal('trebles')).toBe(200);
    expect(slip.totalStake).toBe(800);
    // At 9/4 (3.25): a double of 1056.25p -> 1056p, six of them.
    expect(slip.returnsOf(systemKey('doubles'))).toBe(6 * 1_056);
    // 50p trebles: 50 x 3.25^3 = 1716.40p -> 1716p, four of them.
    expect(slip.returnsOf(systemKey('trebles'))).toBe(4 * 1_716);
    await slip.place();
    const sent = api.placeBet.mock.calls.map(([request]) => [request.kind, request.system, request.stake]);
    expect(sent).toEqual([
      ['system', 'doubles', 100],
      ['system', 'trebles', 50],
    ]);
  });

  it('the n-folds over £10,000 in all are refused on the slip: 6-Folds on 12 at £10.83 a line', async () => {
    const { slip, api } = createSlip({ balance: () => 10_000_000 });
    for (const match of matches(12)) slip.toggle(liveSelection(match, 0));
    slip.setStake(systemKey('sixfolds'), '10.83');
    expect(slip.systemTotal('sixfolds')).toBe(924 * 1_083);
    expect(slip.blocker).toBe('The maximum stake is £10,000.');
    await slip.place();
    expect(api.placeBet).not.toHaveBeenCalled();
  });

  it('"Stake all singles" stakes every single alike and clears them alike', () => {
    const { slip } = createSlip();
    for (const match of matches(3)) slip.toggle(liveSelection(match, 0));
    slip.setStake(ALL_SINGLES, '2.5');
    expect(slip.bets.map((bet) => [bet.kind, bet.stake])).toEqual([
      ['single', 250],
      ['single', 250],
      ['single', 250],
    ]);
    slip.setStake(slip.selections[1]!.selectionId, '4');
    expect(slip.bets.map((bet) => bet.stake)).toEqual([250, 400, 250]);
    slip.setStake(ALL_SINGLES, '');
    expect(slip.bets).toEqual([]);
  });

  it('singles placed and done with: the all-singles box is empty again for the next selections', async () => {
    const { slip } = createSlip();
    for (const match of matches(2)) slip.toggle(liveSelection(match, 0));
    slip.setStake(ALL_SINGLES, '1');
    await slip.place();
    expect(slip.placements.map((placement) => placement.state)).toEqual(['accepted', 'accepted']);
    slip.dismissPlacements();
    expect(slip.stakes[ALL_SINGLES]).toBeUndefined();
  });
});

describe('the multiples as the slip shows them', () => {
  function renderSlip(count: number) {
    const selections = matches(count).map((match) => slipSelectionOf(liveSelection(match, 0)));
    window.localStorage.setItem(
      SLIP_KEY,
      JSON.stringify({ selections, stakes: {}, priceChanges: 'never', placements: [] }),
    );
    const sportsbook = frameOn(fakeFetch(), '/');
    render(
      <SportsbookContext.Provider value={sportsbook}>
        <BetSlip phone={false} />
      </SportsbookContext.Provider>,
    );
    return sportsbook;
  }

  it('four selections: Doubles (6 lines), Trebles (4 lines), the 4-Fold, Yankee and Lucky 15, all above the singles', () => {
    renderSlip(4);
    const multiples = screen.getByRole('region', { name: 'Multiples' });
    const offers = [...multiples.querySelectorAll('.slip__acca-head > span:first-child')].map((head) =>
      head.textContent?.replace(/\s+/g, ' ').trim(),
    );
    expect(offers).toEqual([
      'Doubles 6 lines',
      'Trebles 4 lines',
      '4-Fold Accumulator 4 selections',
      'Yankee 11 lines',
      'Lucky 15 15 lines',
    ]);
    const singles = screen.getByRole('heading', { name: 'Singles' });
    expect(multiples.compareDocumentPosition(singles) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const name of ['Doubles', 'Trebles', 'Yankee', 'Lucky 15'])
      expect(within(multiples).getByLabelText(new RegExp(`^Stake per line on the ${name}£`))).toBeTruthy();
    expect(within(multiples).getByLabelText(/^Stake on the 4-Fold Accumulator/)).toBeTruthy();
  });

  it('a stake per line on the Doubles shows their whole stake; the all-singles box fills every single', () => {
    const sportsbook = renderSlip(4);
    fireEvent.change(screen.getByLabelText(/^Stake per line on the Doubles/), { target: { value: '1' } });
    expect(screen.getByText('Total stake £6.00 (6 × £1.00)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Stake on each of the 4 singles/), { target: { value: '2' } });
    for (const selection of sportsbook.slip.store!.selections)
      expect(
        (screen.getAllByLabelText(new RegExp(`^Stake on ${selection.selectionName}`))[0]! as HTMLInputElement).value,
      ).toBe('2');
    expect(sportsbook.slip.store!.totalStake).toBe(600 + 4 * 200);
    expect(sportsbook.slip.store!.stakeOf(ACCA)).toBe(0);
  });

  it('two selections: the double only, no n-folds and no full covers', () => {
    renderSlip(2);
    const multiples = screen.getByRole('region', { name: 'Multiples' });
    expect(multiples.querySelectorAll('.slip__acca-head strong')).toHaveLength(1);
    expect(within(multiples).getByText('Double Accumulator')).toBeTruthy();
  });
});
