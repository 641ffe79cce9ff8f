import { useState } from 'react';
import type { Market, PlaceOrderRequest, Position } from '../../contract/exchange';
import { greenUp } from '../../contract/exchange-green-up';
import { decimalOf, hundredthsOf } from '../../contract/exchange-ladder';
import { useExchange } from '../app/context';
import { useWatch } from '../../ui/frame/Observable';
import { money, priceText, signed } from './format';

/** The hedge at the best prices now that makes the market's result the same whatever wins. */
function hedgeFor(market: Market, position: Position | undefined) {
  if (!position) return null;
  const ifWins = market.runners.map((runner) => position.ifWins[runner.selectionId] ?? 0);
  if (ifWins.every((value) => value === ifWins[0])) return null;
  const quotes = market.runners.map((runner) => ({
    back: runner.availableToBack[0] ? hundredthsOf(runner.availableToBack[0].price) : null,
    lay: runner.availableToLay[0] ? hundredthsOf(runner.availableToLay[0].price) : null,
  }));
  const hedge = greenUp(ifWins, quotes);
  return hedge && hedge.orders.length > 0 ? hedge : null;
}

/** Cash Out: shows the hedge and the figure it locks before anything is sent, then places it as real orders. */
export function GreenUp({ market }: { market: Market }) {
  const { orders, network } = useExchange();
  useWatch(orders, network);
  const [confirming, setConfirming] = useState(false);
  const [state, setState] = useState<{ sending: boolean; message: string | null }>({ sending: false, message: null });
  const hedge = hedgeFor(market, orders.positionOn(market.marketId));
  // Once placed, the hedge is gone (the result is level): the answer stays on screen all the same.
  if (!hedge || market.status !== 'open') return state.message ? <p role="status">{state.message}</p> : null;
  const name = (runner: number) => market.runners[runner]!.name;

  async function confirm() {
    setState({ sending: true, message: null });
    const results = [];
    for (const order of hedge!.orders) {
      const request: PlaceOrderRequest = {
        orderId: orders.newOrderId(),
        marketId: market.marketId,
        selectionId: market.runners[order.runner]!.selectionId,
        side: order.side,
        price: decimalOf(order.price),
        size: order.size,
      };
      try {
        results.push(await orders.place(request));
      } catch (error) {
        setState({ sending: false, message: (error as Error).message });
        return;
      }
    }
    const refused = results.find((result) => result.outcome === 'refused');
    setConfirming(false);
    setState({
      sending: false,
      message: refused && refused.outcome === 'refused' ? `Not placed: ${refused.message}` : 'Cash out orders placed.',
    });
  }

  return (
    <section className="green-up" aria-labelledby="green-up-title">
      <h2 id="green-up-title" className="visually-hidden">
        Cash out
      </h2>
      {!confirming ? (
        <button type="button" className="button button--primary button--block" onClick={() => setConfirming(true)}>
          Cash Out {signed(hedge.locked)}
        </button>
      ) : (
        <div className="green-up__confirm" role="group" aria-label="Confirm cash out">
          <p>
            Cash out locks in <strong>{signed(hedge.locked)}</strong> whichever runner wins, with:
          </p>
          <ul>
            {hedge.orders.map((order) => (
              <li key={order.runner}>
                {order.side === 'back' ? 'Back' : 'Lay'} {name(order.runner)} {money(order.size)} at{' '}
                {priceText(order.price)}
              </li>
            ))}
          </ul>
          <p className="muted">Placed at the best prices now; if they move first, part may stay unmatched.</p>
          <button
            type="button"
            className="button button--primary"
            disabled={state.sending || !network.online}
            onClick={() => void confirm()}
          >
            {state.sending ? 'Placing…' : 'Confirm cash out'}
          </button>
          <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
            Not now
          </button>
        </div>
      )}
      {state.message && <p role="status">{state.message}</p>}
    </section>
  );
}
