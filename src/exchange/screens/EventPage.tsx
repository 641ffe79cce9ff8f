import { useEffect } from 'react';
import { useExchange } from '../app/context';
import { useWatch } from '../../ui/frame/Observable';
import { Link } from '../ui/Link';
import { statusWords } from '../ui/format';

/** One match's markets. */
export function EventPage({ eventId }: { eventId: string }) {
  const { markets } = useExchange();
  useWatch(markets);
  useEffect(() => void markets.loadMarkets(eventId), [markets, eventId]);
  const load = markets.marketsOf(eventId);
  const event =
    markets.events?.state === 'ready'
      ? [...markets.events.value.live, ...markets.events.value.upcoming].find((entry) => entry.eventId === eventId)
      : undefined;
  return (
    <div>
      <h1>{event?.name ?? 'Markets'}</h1>
      {(!load || load.state === 'loading') && (
        <div role="status" aria-busy="true" className="skeleton">
          Loading markets…
        </div>
      )}
      {load?.state === 'failed' && (
        <div role="alert" className="notice notice--error">
          <p>{load.message}</p>
          <button type="button" className="button button--primary" onClick={() => void markets.loadMarkets(eventId)}>
            Try again
          </button>
        </div>
      )}
      {load?.state === 'ready' && (
        <ul className="events">
          {load.value.map((market) => (
            <li key={market.marketId}>
              <Link className="event" to={`/market/${market.marketId}`}>
                <span className="event__name">{market.name}</span>
                <span className="event__when">{statusWords(market)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
