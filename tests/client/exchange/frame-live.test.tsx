import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { SocketLike } from '../../../src/ui/frame/LiveSocket';
import type { ExchangeServerMessage } from '../../../src/contract/exchange-stream';
import { MARKET_ID, market, order, renderMarket, runner, ARSENAL, DRAW, CHELSEA } from './fixtures';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

/** A socket the test opens and pushes into; it records what the frame sends. */
class TestSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(message: ExchangeServerMessage) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
}

async function renderLive(options: { signedIn?: boolean } = {}) {
  const socket = new TestSocket();
  const made = await renderMarket({}, { ...options, createSocket: () => socket });
  made.exchange.socket.start();
  socket.open();
  return { ...made, socket };
}

describe("the exchange frame's live updates", () => {
  it('says who it is and watches the market on screen', async () => {
    const { socket, exchange } = await renderLive();
    act(() => exchange.router.go(`/market/${MARKET_ID}`));
    expect(socket.sent).toContainEqual({ type: 'auth', sessionToken: 'session-1' });
    expect(socket.sent).toContainEqual({ type: 'subscribe', marketIds: [MARKET_ID] });
  });

  it('redraws the ladder when the market is pushed', async () => {
    const { socket } = await renderLive();
    socket.push({
      type: 'market',
      market: market({
        runners: [
          runner(ARSENAL, 'Arsenal', [2.6, 2.58, 2.56], [2.62, 2.64, 2.66]),
          runner(DRAW, 'The Draw', [3.4], [3.45]),
          runner(CHELSEA, 'Chelsea', [3], [3.05]),
        ],
      }),
    });
    expect(screen.getByRole('button', { name: 'Back Arsenal at 2.6, £120 available' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back Arsenal at 2.5, £120 available' })).toBeNull();
  });

  it('moves the slip from unmatched to matched when the order is pushed', async () => {
    const { socket, exchange } = await renderLive();
    act(() => {
      exchange.slip.answer = { kind: 'unmatched', order: order() };
    });
    socket.push({
      type: 'order',
      order: order({ sizeMatched: 1_000, sizeRemaining: 0, averagePriceMatched: 2.5, status: 'execution_complete' }),
    });
    expect(exchange.slip.answer?.kind).toBe('matched');
  });
});

describe('the host reaching the exchange frame', () => {
  it('ends the session on a logout from the host, so Place asks to log in', async () => {
    const { exchange } = await renderLive();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Back Arsenal at 2.5, £120 available' }));
    });
    expect(screen.getByRole('button', { name: 'Place back' })).toBeTruthy();
    const host = window.location.origin;
    Object.defineProperty(exchange.bridge, 'hostOrigin', { value: host });
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'logout' }, origin: host, source: window.parent }),
      );
    });
    expect(exchange.session.signedIn).toBe(false);
    expect(window.sessionStorage.getItem('ex.session')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in to place' })).toBeTruthy();
  });

  it('places with the Enter key from the stake', async () => {
    await renderMarket({ 'POST /api/orders': { status: 201, body: { order: order() } } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Back Arsenal at 2.5, £120 available' }));
    });
    const stake = screen.getByLabelText('Stake (£)');
    fireEvent.change(stake, { target: { value: '10' } });
    await act(async () => {
      fireEvent.keyDown(stake, { key: 'Enter' });
    });
    expect(screen.getByText('Unmatched: £10.00 waits at 2.5 until someone takes it.')).toBeTruthy();
  });
});
