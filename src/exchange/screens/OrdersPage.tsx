import type { Order } from '../../contract/exchange';
import { useExchange } from '../app/context';
import { useWatch } from '../../ui/frame/Observable';
import { OrderLists, SettledList } from '../ui/OrderLists';

/** Every unmatched order and matched bet, across markets. */
export function OrdersPage() {
  const { orders, markets, session } = useExchange();
  useWatch(orders, markets, session);
  const runnerName = (order: Order) => {
    const market = markets.find(order.marketId);
    const runner = markets.runner(order.marketId, order.selectionId)?.name ?? order.selectionId;
    return market ? `${runner} (${market.name})` : runner;
  };
  if (!session.signedIn)
    return (
      <div>
        <h1>My orders</h1>
        <p>Log in to see your orders.</p>
      </div>
    );
  return (
    <div>
      <h1>My orders</h1>
      {orders.failed && (
        <div role="alert" className="notice notice--error">
          <p>{orders.failed}</p>
          <button type="button" className="button button--primary" onClick={() => void orders.load()}>
            Try again
          </button>
        </div>
      )}
      {!orders.loaded && !orders.failed ? (
        <div role="status" aria-busy="true" className="skeleton">
          Loading your orders…
        </div>
      ) : (
        <>
          <OrderLists orders={orders.allOpen} matched={orders.allMatched} runnerName={runnerName} />
          <SettledList orders={orders.allSettled} runnerName={runnerName} />
        </>
      )}
    </div>
  );
}
