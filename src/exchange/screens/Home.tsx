import { useEffect } from 'react';
import type { ExchangeEvent } from '../../contract/exchange';
import { useExchange } from '../app/context';
import { useWatch } from '../../ui/frame/Observable';
import { kickoff } from '../ui/format';
import { Link } from '../ui/Link';

/** The matches, live first, each leading to its markets. */
export function Home() {
  const { markets } = useExchange();
  useWatch(markets);
  useEffect(() => void markets.loadEvents(), [markets]);
  const events = markets.events;
  return (
    <div>
      <h1>Exchange</h1>
      {(!events || events.state === 'loading') && (
        <div role="status" aria-busy="true" className="skeleton">
          Loading matches…
        </div>
      )}
      {events?.state === 'failed' && (
        <div role="alert" className="notice notice--error">
          <p>{events.message}</p>
          <button type="button" className="button button--primary" onClick={() => void markets.loadEvents()}>
            Try again
          </button>
        </div>
      )}
      {events?.state === 'ready' && (
        <>
          <EventList title="In play" events={events.value.live} empty="No matches in play right now." />
          <EventList title="Upcoming" events={events.value.upcoming} empty="No upcoming matches." />
        </>
      )}
    </div>
  );
}

function EventList({ title, events, empty }: { title: string; events: ExchangeEvent[]; empty: string }) {
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {events.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="events">
          {events.map((event) => (
            <li key={event.eventId}>
              <Link className="event" to={`/event/${event.eventId}`}>
                <span className="event__name">{event.name}</span>
                <span className="event__when">
                  {event.inPlay ? (
                    <>
                      <span className="live">Live</span>
                      {event.score && ` ${event.score.home}-${event.score.away}`}
                    </>
                  ) : (
                    kickoff(event.startsAt)
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
