import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { PlaceOrderRequest } from '../../../src/contract/exchange';
import { ARSENAL, CHELSEA, DRAW, MARKET_ID, bodiesOf, order, renderMarket } from './fixtures';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

const OPEN = order();

async function press(name: RegExp | string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('unmatched orders', () => {
  it('cancels the unmatched remainder', async () => {
    const { fetch } = await renderMarket({
      'GET /api/orders': { status: 200, body: { orders: [OPEN] } },
      [`DELETE /api/orders/${OPEN.orderId}`]: {
        status: 200,
        body: { order: order({ sizeRemaining: 0, sizeCancelled: 1_000, status: 'execution_complete' }) },
      },
    });
    const list = await screen.findByRole('region', { name: 'Unmatched orders' });
    expect(within(list).getByText('£10.00 unmatched at 2.5')).toBeTruthy();
    await press('Cancel Back Arsenal at 2.5');
    expect(
      fetch.mock.calls.some(
        ([url, init]) => String(url).endsWith(`/api/orders/${OPEN.orderId}`) && init?.method === 'DELETE',
      ),
    ).toBe(true);
    expect(within(list).getByText('None.')).toBeTruthy();
  });

  it('says why a cancel failed and keeps the order', async () => {
    await renderMarket({
      'GET /api/orders': { status: 200, body: { orders: [OPEN] } },
      [`DELETE /api/orders/${OPEN.orderId}`]: {
        status: 422,
        body: { code: 'NothingToCancel', message: 'This order has nothing left unmatched to cancel.' },
      },
    });
    await screen.findByText('£10.00 unmatched at 2.5');
    await press('Cancel Back Arsenal at 2.5');
    expect(screen.getByRole('alert').textContent).toBe('This order has nothing left unmatched to cancel.');
    expect(screen.getByText('£10.00 unmatched at 2.5')).toBeTruthy();
  });

  it('edits by cancelling and placing a new order at the new price under a new id', async () => {
    const { fetch } = await renderMarket({
      'GET /api/orders': { status: 200, body: { orders: [OPEN] } },
      [`DELETE /api/orders/${OPEN.orderId}`]: {
        status: 200,
        body: { order: order({ sizeRemaining: 0, sizeCancelled: 1_000, status: 'execution_complete' }) },
      },
      'POST /api/orders': (body) => ({ status: 201, body: { order: order(body as Partial<PlaceOrderRequest>) } }),
    });
    await screen.findByText('£10.00 unmatched at 2.5');
    await press('Edit Back Arsenal at 2.5');
    const form = screen.getByRole('form', { name: 'Edit Back Arsenal' });
    fireEvent.click(within(form).getByRole('button', { name: 'Raise odds by one tick' }));
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Replace order' }));
    });
    const [sent] = bodiesOf(fetch, 'POST /api/orders') as PlaceOrderRequest[];
    expect(sent).toMatchObject({ marketId: MARKET_ID, selectionId: ARSENAL, side: 'back', price: 2.52, size: 1_000 });
    expect(sent!.orderId).not.toBe(OPEN.orderId);
    expect(screen.getByText('£10.00 unmatched at 2.52')).toBeTruthy();
  });
});

describe('matched bets', () => {
  it('shows what was matched at its average price', async () => {
    await renderMarket({
      'GET /api/orders': {
        status: 200,
        body: {
          orders: [
            order({ sizeMatched: 1_000, sizeRemaining: 0, averagePriceMatched: 2.54, status: 'execution_complete' }),
          ],
        },
      },
    });
    const list = await screen.findByRole('region', { name: 'Matched bets' });
    expect(await within(list).findByText('£10.00 at 2.54 (average)')).toBeTruthy();
  });
});

describe('Cash Out (green up)', () => {
  // Backed Arsenal for £10 at 3.0: +£20 if Arsenal wins, -£10 otherwise; Arsenal can now be laid at 2.52.
  const position = {
    marketId: MARKET_ID,
    held: 1_000,
    ifWins: { [ARSENAL]: 2_000, [DRAW]: -1_000, [CHELSEA]: -1_000 },
  };

  it('shows the hedge and the figure it locks in before anything is sent, then places the hedge as an order', async () => {
    const { fetch } = await renderMarket({
      'GET /api/positions': { status: 200, body: { positions: [position] } },
      'POST /api/orders': (body) => ({ status: 201, body: { order: order(body as Partial<PlaceOrderRequest>) } }),
    });
    await screen.findByRole('button', { name: 'Cash Out £1.90' });
    await press('Cash Out £1.90');
    const confirm = screen.getByRole('group', { name: 'Confirm cash out' });
    // A lay of 1190p at 2.52 wins 1808p less if Arsenal wins: 2000 - 1808 = 192p; otherwise -1000 + 1190 = 190p.
    expect(within(confirm).getByText('Lay Arsenal £11.90 at 2.52')).toBeTruthy();
    expect(within(confirm).getByText('£1.90')).toBeTruthy();
    expect(bodiesOf(fetch, 'POST /api/orders')).toEqual([]);

    await press('Confirm cash out');
    const [sent] = bodiesOf(fetch, 'POST /api/orders') as PlaceOrderRequest[];
    expect(sent).toMatchObject({ marketId: MARKET_ID, selectionId: ARSENAL, side: 'lay', price: 2.52, size: 1_190 });
    expect(screen.getByText('Cash out orders placed.')).toBeTruthy();
  });

  it('offers nothing when the result is already the same whatever wins', async () => {
    await renderMarket({
      'GET /api/positions': {
        status: 200,
        body: { positions: [{ ...position, ifWins: { [ARSENAL]: 190, [DRAW]: 190, [CHELSEA]: 190 } }] },
      },
    });
    await screen.findByLabelText('If Arsenal wins: £1.90');
    expect(screen.queryByRole('button', { name: /Cash Out/ })).toBeNull();
  });
});
