import { describe, expect, it } from 'vitest';
import { CASH_OUT_CONFIRM_MS, CashOutConfirmations } from '../../../src/sportsbook/stores/CashOutConfirmations';
import { BetsStore } from '../../../src/sportsbook/stores/BetsStore';
import { betView, manualTimers } from './fixtures';

const BET = 'bet-1';
const full = (offer: number) => ({ offer, amount: null });

describe('cash out’s second press', () => {
  it('asks for confirmation on the first press and confirms on a second on the same figures', () => {
    const timers = manualTimers();
    let changes = 0;
    const confirm = new CashOutConfirmations(timers, () => changes++);

    expect(confirm.press(BET, full(950))).toBe(false);
    expect(confirm.awaiting(BET)).toEqual(full(950));
    expect(changes).toBe(1);
    timers.advance(CASH_OUT_CONFIRM_MS - 1);
    expect(confirm.press(BET, full(950))).toBe(true);
    expect(confirm.awaiting(BET)).toBeUndefined();
    // Nothing left to lapse later.
    expect(timers.pending()).toBe(0);
  });

  it('lapses after the window: the button reads "Cash out" again, and the next press asks afresh', () => {
    const timers = manualTimers();
    const confirm = new CashOutConfirmations(timers, () => undefined);
    confirm.press(BET, full(950));
    timers.advance(CASH_OUT_CONFIRM_MS);
    expect(confirm.awaiting(BET)).toBeUndefined();
    expect(confirm.press(BET, full(950))).toBe(false);
  });

  it('takes a value change in between as a new figure to confirm, with a new window, never as the confirmation', () => {
    const timers = manualTimers();
    const confirm = new CashOutConfirmations(timers, () => undefined);
    confirm.press(BET, full(950));
    timers.advance(3_000);
    confirm.offerNow(BET, 1_730);
    expect(confirm.awaiting(BET)).toEqual(full(1_730));
    expect(confirm.movedFrom(BET)).toBe(950);
    // The old figure no longer confirms (a press made on what was on screen before the change).
    timers.advance(CASH_OUT_CONFIRM_MS - 1);
    expect(confirm.awaiting(BET)).toEqual(full(1_730));
    expect(confirm.press(BET, full(950))).toBe(false);
    expect(confirm.awaiting(BET)).toEqual(full(950));
    expect(confirm.movedFrom(BET)).toBeNull();
    expect(confirm.press(BET, full(950))).toBe(true);
  });

  it('is forgotten when the offer is withdrawn, or when the customer changes the amount', () => {
    const timers = manualTimers();
    const confirm = new CashOutConfirmations(timers, () => undefined);
    confirm.press(BET, full(950));
    confirm.offerNow(BET, null);
    expect(confirm.awaiting(BET)).toBeUndefined();

    confirm.press(BET, { offer: 950, amount: 500 });
    expect(confirm.press(BET, { offer: 950, amount: 400 })).toBe(false);
    confirm.cancel(BET);
    expect(confirm.awaiting(BET)).toBeUndefined();
    expect(timers.pending()).toBe(0);
  });

  it('follows the offers BetsStore fetches: a moved offer moves the figure awaiting confirmation', async () => {
    const timers = manualTimers();
    let offer = 950;
    const bets = new BetsStore(
      async () => [betView(BET, { status: 'open', stake: 1_000 })],
      async () => [{ betId: BET, offer }],
      { timers },
    );
    await bets.load('open');
    bets.confirmations.press(BET, full(950));
    offer = 1_730;
    await bets.refreshOffers();
    expect(bets.confirmations.awaiting(BET)).toEqual(full(1_730));
    timers.advance(CASH_OUT_CONFIRM_MS);
    expect(bets.confirmations.awaiting(BET)).toBeUndefined();
  });
});
