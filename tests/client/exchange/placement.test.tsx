import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { SLIP_KEY } from '../../../src/exchange/stores/SlipStore';
import type { PlaceOrderRequest } from '../../../src/contract/exchange';
import type { Reply } from '../support/fakes';
import { bodiesOf, order, renderMarket } from './fixtures';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

/** A back of £10 on Arsenal at 2.5 on a market whose POST /api/orders answers `answers` in turn. */
async function placeBack(answers: Reply[], options: Parameters<typeof renderMarket>[1] = {}) {
  const pending = [...answers];
  const made = await renderMarket(
    {
      'POST /api/orders': () => {
        const answer = pending.shift();
        if (!answer) throw new Error('no answer left');
        return answer;
      },
    },
    options,
  );
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Back Arsenal at 2.5, £120 available' }));
  });
  fireEvent.change(screen.getByLabelText('Stake (£)'), { target: { value: '10' } });
  await press(/^Place back|^Log in to place/);
  return made;
}

async function press(name: RegExp | string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

const placed = (overrides: Parameters<typeof order>[0], status = 201): Reply => ({
  status,
  body: { order: order(overrides) },
});

describe('placing an order', () => {
  it('sends the order the slip shows, with an order id made in the browser', async () => {
    const { fetch } = await placeBack([
      placed({ sizeMatched: 1_000, sizeRemaining: 0, averagePriceMatched: 2.5, status: 'execution_complete' }),
    ]);
    const [sent] = bodiesOf(fetch, 'POST /api/orders') as PlaceOrderRequest[];
    expect(sent).toMatchObject({
      marketId: 'ev-1~match-odds',
      selectionId: 'ev-1~match-odds~home',
      side: 'back',
      price: 2.5,
      size: 1_000,
    });
    expect(sent!.orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByText('Matched: £10.00 at 2.5.')).toBeTruthy();
  });

  it('says how much was matched and how much waits when partly matched', async () => {
    await placeBack([placed({ sizeMatched: 400, sizeRemaining: 600, averagePriceMatched: 2.52 })]);
    expect(screen.getByText('Partly matched: £4.00 at 2.52, £6.00 unmatched at 2.5.')).toBeTruthy();
  });

  it('says an unmatched order waits in the market', async () => {
    await placeBack([placed({})]);
    expect(screen.getByText('Unmatched: £10.00 waits at 2.5 until someone takes it.')).toBeTruthy();
  });

  it('counts down the in-play delay of a held order and follows the order when it is matched', async () => {
    const { exchange } = await placeBack([placed({}, 202)], { marketOverrides: { inPlay: true, betDelayMs: 5_000 } });
    expect(screen.getByText('Held for the in-play delay, then matched at the prices then.')).toBeTruthy();
    expect(screen.getByLabelText('Time until your in-play order goes to the market')).toBeTruthy();
    act(() =>
      exchange.slip.onOrder(
        order({ sizeMatched: 1_000, sizeRemaining: 0, averagePriceMatched: 2.5, status: 'execution_complete' }),
      ),
    );
    expect(screen.getByText('Matched: £10.00 at 2.5.')).toBeTruthy();
  });

  it('asks for the outcome of a held order once its delay is over, when no push brought it', async () => {
    const matched = order({
      sizeMatched: 1_000,
      sizeRemaining: 0,
      averagePriceMatched: 2.5,
      status: 'execution_complete',
    });
    let placedYet = false;
    const pending = [placed({}, 202)];
    await renderMarket(
      {
        'POST /api/orders': () => {
          placedYet = true;
          return pending.shift()!;
        },
        'GET /api/orders': () => ({ status: 200, body: { orders: placedYet ? [matched] : [] } }),
      },
      { marketOverrides: { inPlay: true, betDelayMs: 100 } },
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Back Arsenal at 2.5, £120 available' }));
    });
    fireEvent.change(screen.getByLabelText('Stake (£)'), { target: { value: '10' } });
    await press('Place back');
    expect(screen.getByText('Held for the in-play delay, then matched at the prices then.')).toBeTruthy();
    expect(await screen.findByText('Matched: £10.00 at 2.5.', {}, { timeout: 2_000 })).toBeTruthy();
  });

  it("shows a refusal in the contract's words, and asks the host for a deposit when funds are short", async () => {
    const { posted } = await placeBack([
      { status: 422, body: { code: 'InsufficientFunds', message: 'You do not have enough funds for this order.' } },
    ]);
    expect(screen.getByText('Not placed: You do not have enough funds for this order.')).toBeTruthy();
    expect(posted).toHaveBeenCalledWith({ type: 'deposit-requested', shortfall: 1_000 });
  });

  it('refuses an order under £1 before sending it', async () => {
    const { fetch } = await renderMarket();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Back Arsenal at 2.5, £120 available' }));
    });
    fireEvent.change(screen.getByLabelText('Stake (£)'), { target: { value: '0.50' } });
    await press('Place back');
    expect(screen.getByRole('alert').textContent).toBe('The minimum stake is £1.');
    expect(bodiesOf(fetch, 'POST /api/orders')).toEqual([]);
  });

  it('asks the host to open bet-not-logged-in for a visitor, and sends nothing', async () => {
    const { posted, fetch } = await placeBack([], { signedIn: false });
    expect(posted).toHaveBeenCalledWith({ type: 'login-requested' });
    expect(bodiesOf(fetch, 'POST /api/orders')).toEqual([]);
  });

  it('disables Place offline and says why', async () => {
    const { exchange } = await renderMarket();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Back Arsenal at 2.5, £120 available' }));
    });
    fireEvent.change(screen.getByLabelText('Stake (£)'), { target: { value: '10' } });
    act(() => exchange.network.set(false));
    expect(screen.getByRole('button', { name: 'Place back' })).toHaveProperty('disabled', true);
    expect(screen.getByText('You are offline. Orders cannot be placed.')).toBeTruthy();
  });
});

describe('an order whose answer was lost', () => {
  it('says so, and Check again sends the same order id, answered as the first', async () => {
    const { fetch } = await placeBack([{ status: 503, body: {} }, placed({})]);
    expect(screen.getByText(/We could not confirm your order/)).toBeTruthy();
    await press('Check again');
    const [first, second] = bodiesOf(fetch, 'POST /api/orders') as PlaceOrderRequest[];
    expect(second).toEqual(first);
    expect(screen.getByText('Unmatched: £10.00 waits at 2.5 until someone takes it.')).toBeTruthy();
  });

  it('keeps the unanswered order over a reload and sends it again under its id', async () => {
    const { fetch, exchange } = await placeBack([new Error('connection lost')]);
    const [first] = bodiesOf(fetch, 'POST /api/orders') as PlaceOrderRequest[];
    const kept = JSON.parse(window.localStorage.getItem(SLIP_KEY)!) as { pending: PlaceOrderRequest };
    expect(kept.pending.orderId).toBe(first!.orderId);
    exchange.socket.stop();
    cleanup();

    const again = await renderMarket({ 'POST /api/orders': placed({}) });
    expect(again.exchange.slip.answer?.kind).toBe('lost');
    await act(async () => {
      await again.exchange.slip.retry();
    });
    expect(bodiesOf(again.fetch, 'POST /api/orders')).toEqual([first]);
    expect(again.exchange.slip.pending).toBeNull();
  });
});
