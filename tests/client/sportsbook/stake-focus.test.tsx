import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SportsbookContext } from '../../../src/sportsbook/app/context';
import { BetSlip } from '../../../src/sportsbook/ui/BetSlip';
import { OddsButton } from '../../../src/sportsbook/ui/OddsButton';
import { fakeFetch } from '../support/fakes';
import { event, frameOn, liveSelection } from './fixtures';

const rovers = liveSelection(event('ev-1'), 0);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

/** A price beside the slip: the desktop's column (`phone` false) or the phone's sheet, opened. */
function renderPriceAndSlip(phone: boolean) {
  const sportsbook = frameOn(fakeFetch(), '/');
  render(
    <SportsbookContext.Provider value={sportsbook}>
      <OddsButton live={rovers} />
      <BetSlip phone={phone} />
    </SportsbookContext.Provider>,
  );
  const price = screen.getByRole('button', { pressed: false });
  price.focus();
  return { sportsbook, price };
}

describe('the focus when a price is added to the slip', () => {
  it('goes to the new single’s stake box on the desktop when the price is pressed from the keyboard', async () => {
    const { price } = renderPriceAndSlip(false);
    // Enter or Space on a button clicks it with no pointer press: detail 0.
    fireEvent.click(price, { detail: 0 });
    const stake = await screen.findByRole('textbox', { name: 'Stake on Rovers' });
    expect(document.activeElement).toBe(stake);
  });

  it('stays on the price for a mouse press, so more prices can be added', async () => {
    const { price, sportsbook } = renderPriceAndSlip(false);
    fireEvent.click(price, { detail: 1 });
    await screen.findByRole('textbox', { name: 'Stake on Rovers' });
    expect(document.activeElement).toBe(price);
    expect(sportsbook.slip.store!.stakeToFocus).toBeNull();
  });

  it('stays on the price on a phone, whose slip is a closed sheet, from the keyboard too', async () => {
    const { price } = renderPriceAndSlip(true);
    fireEvent.click(price, { detail: 0 });
    await screen.findByRole('textbox', { name: 'Stake on Rovers' });
    expect(document.activeElement).toBe(price);
  });

  it('is asked for once: removing the price from the keyboard asks for no stake box', () => {
    const { price, sportsbook } = renderPriceAndSlip(false);
    fireEvent.click(price, { detail: 0 });
    expect(sportsbook.slip.store!.stakeToFocus).toBeNull();
    price.focus();
    fireEvent.click(price, { detail: 0 });
    expect(sportsbook.slip.store!.selections).toHaveLength(0);
    expect(sportsbook.slip.store!.stakeToFocus).toBeNull();
    expect(document.activeElement).toBe(price);
  });
});
