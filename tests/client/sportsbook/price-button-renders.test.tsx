import { afterEach, describe, expect, it, vi } from 'vitest';
import { Profiler } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SportsbookContext } from '../../../src/sportsbook/app/context';
import { BetSlip } from '../../../src/sportsbook/ui/BetSlip';
import { OddsButton } from '../../../src/sportsbook/ui/OddsButton';
import { fakeFetch } from '../support/fakes';
import { event, frameOn, liveSelection } from './fixtures';

/**
 * The home screen holds some 250 price buttons: a stake typed into the slip must not re-render them all (on a phone
 * each keystroke would), only a button whose own pick or the odds format changed.
 */

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

function pricesBesideTheSlip() {
  const sportsbook = frameOn(fakeFetch(), '/');
  const rovers = liveSelection(event('ev-1'), 0);
  const others = [liveSelection(event('ev-2'), 1), liveSelection(event('ev-3'), 2)];
  const pricesRendered = vi.fn();
  render(
    <SportsbookContext.Provider value={sportsbook}>
      <Profiler id="prices" onRender={pricesRendered}>
        {[rovers, ...others].map((live) => (
          <OddsButton key={live.selection.id} live={live} />
        ))}
      </Profiler>
      <BetSlip phone={false} />
    </SportsbookContext.Provider>,
  );
  return { sportsbook, pricesRendered };
}

describe('the price buttons while the slip changes', () => {
  it('are not rendered again when a stake is typed', async () => {
    const { pricesRendered } = pricesBesideTheSlip();
    fireEvent.click(screen.getByRole('button', { name: /^Rovers .* at / }), { detail: 1 });
    const stake = await screen.findByRole('textbox', { name: 'Stake on Rovers' });
    pricesRendered.mockClear();
    fireEvent.change(stake, { target: { value: '5' } });
    fireEvent.change(stake, { target: { value: '50' } });
    expect((stake as HTMLInputElement).value).toBe('50');
    expect(pricesRendered).not.toHaveBeenCalled();
  });

  it('show a pick pressed and the odds format chosen', async () => {
    const { sportsbook } = pricesBesideTheSlip();
    const rovers = screen.getByRole('button', { name: /^Rovers .* at 5\/2$/ });
    fireEvent.click(rovers, { detail: 1 });
    expect(rovers.getAttribute('aria-pressed')).toBe('true');
    act(() => sportsbook.prefs.chooseOddsFormat('decimal'));
    expect(rovers.getAttribute('aria-label')).toMatch(/ at 3\.5$/);
  });
});
