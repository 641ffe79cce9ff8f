import { useExchange } from './context';
import { useWatch } from '../../ui/frame/Observable';
import { Home } from '../screens/Home';
import { EventPage } from '../screens/EventPage';
import { MarketPage } from '../screens/MarketPage';
import { OrdersPage } from '../screens/OrdersPage';
import { Link } from '../ui/Link';
import { RulesLink } from '../ui/RulesLink';
import { money } from '../ui/format';

export function App() {
  const { router, network, socket, session } = useExchange();
  useWatch(router, network, socket, session);
  const route = router.route;
  return (
    <div className="ex">
      <nav className="subnav" aria-label="Exchange">
        <div className="subnav__links">
          <Link className="subnav__link" to="/">
            Matches
          </Link>
          <Link className="subnav__link" to="/orders">
            My orders
          </Link>
        </div>
        {session.signedIn && session.balance !== null && (
          <span className="subnav__balance">Balance {money(session.balance)}</span>
        )}
      </nav>
      {!network.online ? (
        <p className="connection connection--offline" role="status">
          You are offline. Prices may be out of date and orders cannot be placed.
        </p>
      ) : (
        socket.state !== 'open' &&
        socket.getRevision() > 2 && (
          <p className="connection" role="status">
            Reconnecting to live prices…
          </p>
        )
      )}
      <main className="ex__main" aria-label="Exchange">
        {route.name === 'home' && <Home />}
        {route.name === 'event' && <EventPage key={route.eventId} eventId={route.eventId} />}
        {route.name === 'market' && <MarketPage key={route.marketId} marketId={route.marketId} />}
        {route.name === 'orders' && <OrdersPage />}
      </main>
      <footer className="ex__footer">
        <RulesLink />
      </footer>
    </div>
  );
}
