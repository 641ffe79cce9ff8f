import { useSportsbook } from '../app/context';
import type { CatalogEvent } from '../stores/CatalogStore';
import { OddsButton } from './OddsButton';
import { clock, clockWords } from './format';
import { ChevronRight } from './icons';
import './EventRow.css';

/** One match in a list: clock or kick-off, teams (and score in play), the 1X2 prices, and the way to all markets. */
export function EventRow({ event }: { event: CatalogEvent }) {
  const { catalog, router } = useSportsbook();
  const live = event.status === 'live' || event.status === 'ended';
  const main = event.mainMarket;
  const [home, draw, away] = main
    ? main.selections.map((selection) => catalog.findSelection(selection.id))
    : [null, null, null];
  const href = `/event/${event.id}`;
  return (
    <li className={`event-row${event.suspended ? ' event-row--suspended' : ''}`}>
      <a
        className="event-row__match"
        href={href}
        onClick={(click) => {
          if (click.metaKey || click.ctrlKey || click.shiftKey) return;
          click.preventDefault();
          router.go(href);
        }}
        aria-label={`${event.home} v ${event.away}${live ? `, ${event.score.home}-${event.score.away}, ${clockWords(event)}` : `, ${clockWords(event)}`}. All markets`}
      >
        <span className={`event-row__clock${live ? ' event-row__clock--live' : ''}`}>
          {live && event.phase !== 'full-time' && <span className="live-dot" aria-hidden="true" />}
          <ClockText text={clock(event)} />
        </span>
        <span className="event-row__teams">
          <span className="event-row__team">
            <span>{event.home}</span>
            {live && <b className="event-row__score">{event.score.home}</b>}
          </span>
          <span className="event-row__team">
            <span>{event.away}</span>
            {live && <b className="event-row__score">{event.score.away}</b>}
          </span>
        </span>
        <span className="event-row__more">
          +{Math.max(0, event.marketCount - 1)}
          <ChevronRight size={14} />
        </span>
      </a>
      <div className="event-row__prices" role="group" aria-label={`Match result, ${event.home} v ${event.away}`}>
        {event.suspended ? (
          <span className="suspended-bar">Suspended</span>
        ) : (
          <>
            <OddsButton live={home ?? null} label={event.home} />
            <OddsButton live={draw ?? null} label="Draw" />
            <OddsButton live={away ?? null} label={event.away} />
          </>
        )}
      </div>
    </li>
  );
}

/**
 * A kick-off's day on one line and its time under it ("Sun 29 Nov" / "15:00", "Tomorrow" / "15:00"): in the narrow
 * clock column the words broke one a line, and "Tomorrow" ran into the home team's name.
 */
function ClockText({ text }: { text: string }) {
  const cut = text.lastIndexOf(' ');
  if (cut < 0) return text;
  return (
    <span className="event-row__kickoff">
      <span>{text.slice(0, cut)}</span>
      <span>{text.slice(cut + 1)}</span>
    </span>
  );
}
