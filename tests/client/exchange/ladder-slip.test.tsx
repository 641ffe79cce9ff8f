import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderMarket } from './fixtures';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

const figure = (testId: string) => screen.getByTestId(testId).textContent;
const odds = () => screen.getByLabelText('Odds') as HTMLInputElement;

async function tap(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

function type(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe("a runner's ladder", () => {
  it('shows the best three prices to back and to lay with their sizes, named for what a press does', async () => {
    await renderMarket();
    const arsenal = screen.getByRole('group', { name: 'Arsenal prices' });
    const names = within(arsenal)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual([
      // Whole pounds from £10, as the exchanges' columns show them.
      'Back Arsenal at 2.46, £25 available',
      'Back Arsenal at 2.48, £50 available',
      'Back Arsenal at 2.5, £120 available',
      'Lay Arsenal at 2.52, £80 available',
      'Lay Arsenal at 2.54, £40 available',
      'Lay Arsenal at 2.56, £9.99 available',
    ]);
    expect(screen.getAllByText('Last traded 2.5').length).toBe(1);
  });

  it('fills the slip with a back at the price tapped, and moves the keyboard to the stake', async () => {
    await renderMarket();
    await tap('Back Arsenal at 2.5, £120 available');
    expect(screen.getByRole('heading', { name: 'Back Arsenal' })).toBeTruthy();
    expect(odds().value).toBe('2.5');
    expect(document.activeElement).toBe(screen.getByLabelText('Stake (£)'));
  });

  it('fills the slip with a lay when a pink price is tapped', async () => {
    await renderMarket();
    await tap('Lay Chelsea at 3.1, £40 available');
    expect(screen.getByRole('heading', { name: 'Lay Chelsea' })).toBeTruthy();
    expect(odds().value).toBe('3.1');
  });

  it('takes no taps on a suspended market', async () => {
    await renderMarket({}, { marketOverrides: { status: 'suspended' } });
    expect(screen.getByRole('button', { name: 'Back Arsenal at 2.5, £120 available' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByText('Suspended')).toBeTruthy();
  });
});

describe('the figures before placing', () => {
  it('shows a back: profit floor(stake x (price - 1)) and the stake as liability, to the penny', async () => {
    await renderMarket();
    await tap('Back Arsenal at 2.48, £50 available');
    type(/Stake/, '3.33');
    // 333 x 1.48 = 492.84p: the backer's winnings are rounded down.
    expect(figure('slip-profit')).toBe('£4.92');
    expect(figure('slip-liability')).toBe('£3.33');
    expect(screen.getByText('2% commission on net market winnings.')).toBeTruthy();
  });

  it("shows a lay: the backer's stake as profit and ceil(stake x (price - 1)) as liability", async () => {
    await renderMarket();
    await tap('Lay Arsenal at 2.52, £80 available');
    type(/Backer's stake/, '3.33');
    // 333 x 1.52 = 506.16p: the layer's liability is rounded up.
    expect(figure('slip-profit')).toBe('£3.33');
    expect(figure('slip-liability')).toBe('£5.07');
  });

  it('takes a lay as a liability and works out the largest stake within it', async () => {
    await renderMarket();
    await tap('Lay Arsenal at 2.52, £80 available');
    fireEvent.click(screen.getByRole('button', { name: 'Enter liability instead' }));
    type(/Liability/, '15');
    // floor(1500 / 1.52) = 986p staked, whose liability ceil(986 x 1.52) = 1499p stays within £15.
    expect(figure('slip-size')).toBe('£9.86');
    expect(figure('slip-liability')).toBe('£14.99');
    expect(figure('slip-profit')).toBe('£9.86');
  });

  it('moves the price one tick at a time across a band of the ladder', async () => {
    await renderMarket();
    await tap('Back Arsenal at 2.5, £120 available');
    type(/Stake/, '10');
    fireEvent.click(screen.getByRole('button', { name: 'Raise odds by one tick' }));
    expect(odds().value).toBe('2.52');
    expect(figure('slip-profit')).toBe('£15.20');
    for (let press = 0; press < 2; press++)
      fireEvent.click(screen.getByRole('button', { name: 'Lower odds by one tick' }));
    expect(odds().value).toBe('2.48');
  });

  it("takes typed odds on the ladder, and refuses others in the contract's words before anything is sent", async () => {
    await renderMarket();
    await tap('Back Arsenal at 2.5, £120 available');
    type(/Stake/, '10');
    type(/^Odds$/, '5.1');
    expect(figure('slip-profit')).toBe('£41.00');
    expect((screen.getByRole('button', { name: 'Place back' }) as HTMLButtonElement).disabled).toBe(false);
    // 5.05 is between two prices of the 4-6 band (steps of 0.1).
    type(/^Odds$/, '5.05');
    expect(screen.getByText('Odds must be a price on the exchange ladder, from 1.01 to 1000.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Place back' }) as HTMLButtonElement).disabled).toBe(true);
    type(/^Odds$/, '5.50');
    fireEvent.blur(odds());
    expect(odds().value).toBe('5.5');
    expect((screen.getByRole('button', { name: 'Place back' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows each runner's profit or loss with the slip's order beside the position", async () => {
    await renderMarket({
      'GET /api/positions': {
        status: 200,
        body: {
          positions: [
            {
              marketId: 'ev-1~match-odds',
              held: 500,
              ifWins: { 'ev-1~match-odds~home': 750, 'ev-1~match-odds~draw': -500, 'ev-1~match-odds~away': -500 },
            },
          ],
        },
      },
    });
    expect(await screen.findByLabelText('If Arsenal wins: £7.50')).toBeTruthy();
    expect(screen.getByLabelText('If Chelsea wins: -£5.00')).toBeTruthy();
    await tap('Lay Arsenal at 2.52, £80 available');
    type(/Backer's stake/, '5');
    // The lay of £5 at 2.52 loses £7.60 if Arsenal wins and wins £5 otherwise.
    expect(screen.getByLabelText('With this order, if Arsenal wins: -£0.10')).toBeTruthy();
    expect(screen.getByLabelText('With this order, if Chelsea wins: £0.00')).toBeTruthy();
  });
});
