import { Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useSportsbook } from '../app/context';
import { useWatch } from '../../ui/frame/Observable';
import type { CatalogEvent } from '../stores/CatalogStore';
import { EventRow } from '../ui/EventRow';
import { Clock, Trophy } from '../ui/icons';
import { LoadBoundary } from '../ui/LoadBoundary';
import { retryableLazy } from '../../ui/retryableLazy';

// A tab of its own, never the first screen: its code loads when pressed (docs/benchmarks.md, first load).
const Outrights = retryableLazy<{ competitionId: string }>(() =>
  import('./Outrights').then((module) => ({ default: module.Outrights })),
);
import './Home.css';
import { LoadingPlaceholder } from '../ui/LoadingPlaceholder';

const SOON_MS = 3 * 60 * 60 * 1000;

function EventList({ events, label }: { events: CatalogEvent[]; label: string }) {
  return (
    <ul className="event-list" aria-label={label}>
      <li className="event-list__head" aria-hidden="true">
        <span />
        <span className="event-list__cols">
          <span>1</span>
          <span>X</span>
          <span>2</span>
        </span>
      </li>
      {events.map((event) => (
        <EventRow key={event.id} event={event} />
      ))}
    </ul>
  );
}

/** Home: In-Play first, then Starting Soon, then every upcoming match by competition. */
export function Home() {
  const { catalog, outrights } = useSportsbook();
  useWatch(catalog);
  const [competitionId, setCompetitionId] = useState<string | null>(null);
  const [view, setView] = useState<'matches' | 'outrights'>('matches');
  // The later matches (every upcoming one by competition, below the first screen) are drawn just after the first
  // paint, in a render of their own: the first prices wait only for In-Play and Starting Soon.
  const laterDrawn = useDeferredValue(true, false);
  useEffect(() => {
    void catalog.showLists();
  }, [catalog]);

  if (catalog.listsState === 'loading' || catalog.listsState === 'idle') return <HomeSkeleton />;
  if (catalog.listsState === 'error')
    return (
      <div className="empty-state" role="alert">
        <p>We could not load the matches. Check your connection and try again.</p>
        <button type="button" className="btn btn--secondary" onClick={() => void catalog.loadLists()}>
          Try again
        </button>
      </div>
    );

  const keep = (event: CatalogEvent) => competitionId === null || event.competitionId === competitionId;
  const live = catalog.live.filter(keep);
  const upcoming = catalog.upcoming.filter(keep);
  const now = Date.now();
  const soon = upcoming.filter((event) => new Date(event.kickoffAt).getTime() - now < SOON_MS).slice(0, 6);
  const soonIds = new Set(soon.map((event) => event.id));
  const later = upcoming.filter((event) => !soonIds.has(event.id));
  const byCompetition = new Map<string, CatalogEvent[]>();
  if (laterDrawn)
    for (const event of later)
      byCompetition.set(event.competitionName, [...(byCompetition.get(event.competitionName) ?? []), event]);

  return (
    <div className="home">
      <h1 className="visually-hidden">Football</h1>
      <nav className="chips" aria-label="Competitions">
        <button
          type="button"
          className="chip"
          aria-pressed={competitionId === null}
          onClick={() => {
            setCompetitionId(null);
            setView('matches');
          }}
        >
          All football
        </button>
        {catalog.competitions.map((competition) => (
          <button
            key={competition.id}
            type="button"
            className="chip"
            aria-pressed={competitionId === competition.id}
            onClick={() => setCompetitionId(competition.id)}
          >
            {competition.name}
          </button>
        ))}
      </nav>

      {competitionId !== null && (
        <div
          className="tabs"
          role="tablist"
          aria-label={`${catalog.competitions.find((competition) => competition.id === competitionId)?.name ?? 'Competition'} view`}
        >
          {(['matches', 'outrights'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`competition-tab-${name}`}
              aria-selected={view === name}
              aria-controls="competition-panel"
              className="tabs__tab"
              onClick={() => setView(name)}
            >
              {name === 'matches' ? 'Matches' : 'Outrights'}
            </button>
          ))}
        </div>
      )}
      {competitionId !== null && view === 'outrights' ? (
        <div id="competition-panel" role="tabpanel" aria-labelledby="competition-tab-outrights">
          <LoadBoundary parts={[Outrights, outrights]}>
            <Suspense fallback={<LoadingPlaceholder label="Loading outrights" />}>
              <Outrights competitionId={competitionId} />
            </Suspense>
          </LoadBoundary>
        </div>
      ) : competitionId !== null ? (
        <div id="competition-panel" role="tabpanel" aria-labelledby="competition-tab-matches">
          <MatchLists
            live={live}
            soon={soon}
            byCompetition={byCompetition}
            empty={live.length === 0 && upcoming.length === 0}
          />
        </div>
      ) : (
        <MatchLists
          live={live}
          soon={soon}
          byCompetition={byCompetition}
          empty={live.length === 0 && upcoming.length === 0}
        />
      )}
    </div>
  );
}

function MatchLists({
  live,
  soon,
  byCompetition,
  empty,
}: {
  live: CatalogEvent[];
  soon: CatalogEvent[];
  byCompetition: Map<string, CatalogEvent[]>;
  empty: boolean;
}) {
  return (
    <>
      <section className="panel" aria-labelledby="in-play">
        <h2 id="in-play" className="panel__title panel__title--live">
          <span className="live-dot" aria-hidden="true" />
          In-Play
          <span className="panel__count">{live.length}</span>
        </h2>
        {live.length ? (
          <EventList events={live} label="Matches in play" />
        ) : (
          <p className="panel__empty">No matches in play right now. Check Starting Soon below.</p>
        )}
      </section>

      {soon.length > 0 && (
        <section className="panel" aria-labelledby="soon">
          <h2 id="soon" className="panel__title">
            <Clock size={16} /> Starting Soon
          </h2>
          <EventList events={soon} label="Matches starting soon" />
        </section>
      )}

      {[...byCompetition].map(([name, events]) => (
        <section className="panel panel--later" key={name} aria-label={name}>
          <h2 className="panel__title">
            <Trophy size={16} /> {name}
          </h2>
          <EventList events={events} label={name} />
        </section>
      ))}
      {empty && <p className="panel__empty">No matches in this competition right now.</p>}
    </>
  );
}

function HomeSkeleton() {
  return (
    <LoadingPlaceholder className="home" label="Loading matches">
      {/* The page's level-one heading from the first paint (axe page-has-heading-one), as the loaded page has it. */}
      <h1 className="visually-hidden">Football</h1>
      {[0, 1].map((panel) => (
        <div className="panel" key={panel}>
          <div className="skeleton skeleton--title" />
          {[0, 1, 2, 3].map((row) => (
            <div className="skeleton skeleton--row" key={row} />
          ))}
        </div>
      ))}
    </LoadingPlaceholder>
  );
}
