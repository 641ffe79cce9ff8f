import { useState, type ReactNode } from 'react';
import type { Order } from '../../contract/exchange';
import { decimalOf, hundredthsOf, tickDown, tickUp } from '../../contract/exchange-ladder';
import { useExchange } from '../app/context';
import { useWatch } from '../../ui/frame/Observable';
import { COMMISSION_TEXT } from '../../contract/exchange-rules';
import { money, signed } from './format';

/** Unmatched orders with Cancel and Edit, and matched bets at their average price. */
export function OrderLists({
  orders,
  matched,
  runnerName,
}: {
  orders: Order[];
  matched: Order[];
  runnerName: (order: Order) => string;
}) {
  return (
    <>
      <section className="orders" aria-labelledby="open-orders">
        <h2 id="open-orders">Unmatched orders</h2>
        {orders.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <ul className="orders__list">
            {orders.map((order) => (
              <OpenOrderRow key={order.orderId} order={order} runnerName={runnerName(order)} />
            ))}
          </ul>
        )}
      </section>
      <section className="orders" aria-labelledby="matched-bets">
        <h2 id="matched-bets">Matched bets</h2>
        {matched.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <ul className="orders__list">
            {matched.map((order) => (
              <MatchedRow key={order.orderId} order={order} runnerName={runnerName(order)} note=" (average)" />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** A bet's side, runner and what was matched at its average price; a settled one adds its result. */
function MatchedRow({
  order,
  runnerName,
  note = '',
  children,
}: {
  order: Order;
  runnerName: string;
  note?: string;
  children?: ReactNode;
}) {
  return (
    <li className={`order order--${order.side}`}>
      <span className="order__what">
        {order.side === 'back' ? 'Back' : 'Lay'} {runnerName}
      </span>
      <span>
        {money(order.sizeMatched)} at {order.averagePriceMatched}
        {note}
      </span>
      {children}
    </li>
  );
}

const RESULT_WORDS = { won: 'Won', lost: 'Lost', void: 'Void' } as const;

/** Settled bets with what each made or lost; commission is taken once per market, on its net winnings. */
export function SettledList({ orders, runnerName }: { orders: Order[]; runnerName: (order: Order) => string }) {
  return (
    <section className="orders" aria-labelledby="settled-bets">
      <h2 id="settled-bets">Settled bets</h2>
      {orders.length === 0 ? (
        <p className="muted">None yet.</p>
      ) : (
        <>
          <ul className="orders__list">
            {orders.map((order) => (
              <MatchedRow key={order.orderId} order={order} runnerName={runnerName(order)}>
                <span className={`order__result order__result--${order.result}`} data-testid="settled-result">
                  {RESULT_WORDS[order.result!]} {signed(order.profit ?? 0)}
                </span>
              </MatchedRow>
            ))}
          </ul>
          <p className="muted">Before commission: {COMMISSION_TEXT}</p>
        </>
      )}
    </section>
  );
}

function OpenOrderRow({ order, runnerName }: { order: Order; runnerName: string }) {
  const { orders, network } = useExchange();
  useWatch(orders, network);
  const [editing, setEditing] = useState(false);
  const [price, setPrice] = useState(hundredthsOf(order.price)!);
  const [stake, setStake] = useState((order.sizeRemaining / 100).toFixed(2));
  const busy = orders.busy.has(order.orderId);
  const error = orders.errors.get(order.orderId);
  const what = `${order.side === 'back' ? 'Back' : 'Lay'} ${runnerName}`;
  const size = /^\d{1,7}(\.\d{1,2})?$/.test(stake.trim()) ? Math.round(Number(stake) * 100) : null;
  return (
    <li className={`order order--${order.side}`}>
      <span className="order__what">{what}</span>
      <span>
        {money(order.sizeRemaining)} unmatched at {order.price}
        {order.sizeMatched > 0 && `, ${money(order.sizeMatched)} matched`}
      </span>
      {editing ? (
        <form
          className="order__edit"
          aria-label={`Edit ${what}`}
          onSubmit={(submit) => {
            submit.preventDefault();
            if (size === null) return;
            void orders.edit(order.orderId, decimalOf(price), size).then(() => setEditing(false));
          }}
        >
          <div role="group" aria-label="Odds" className="slip__price">
            <button
              type="button"
              className="tick"
              aria-label="Lower odds by one tick"
              onClick={() => setPrice(tickDown(price) ?? price)}
            >
              −
            </button>
            <output className="slip__odds">{decimalOf(price)}</output>
            <button
              type="button"
              className="tick"
              aria-label="Raise odds by one tick"
              onClick={() => setPrice(tickUp(price) ?? price)}
            >
              +
            </button>
          </div>
          <label className="slip__amount">
            <span>Stake (£)</span>
            <input inputMode="decimal" value={stake} onChange={(change) => setStake(change.target.value)} />
          </label>
          <button type="submit" className="button button--primary" disabled={busy || size === null || !network.online}>
            Replace order
          </button>
          <button type="button" className="button button--ghost" onClick={() => setEditing(false)}>
            Keep as it is
          </button>
        </form>
      ) : (
        <span className="order__actions">
          <button
            type="button"
            className="button button--ghost"
            disabled={busy || !network.online}
            aria-label={`Edit ${what} at ${order.price}`}
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={busy || !network.online}
            aria-label={`Cancel ${what} at ${order.price}`}
            onClick={() => void orders.cancel(order.orderId)}
          >
            {busy ? 'Cancelling…' : 'Cancel'}
          </button>
        </span>
      )}
      {error && (
        <p className="order__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
