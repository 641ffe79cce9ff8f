import { Suspense, useEffect, useId, useState } from 'react';
import { useSportsbook } from '../app/context';
import { useWatch } from '../../ui/frame/Observable';
import type { Market, MarketType } from '../../contract/sportsbook-rules';
import { OddsButton } from '../ui/OddsButton';
import { clock, clockWords, kickoff } from '../ui/format';
import { ChevronDown, Lock } from '../ui/icons';
import { ChevronLeft } from '../ui/later-icons';
import { lineName, MARKET_GROUPS, OPEN_AT_FIRST } from './market-groups';
import { handicapLabel, isDecidedLine, mainLineOf } from './main-line';
import type { CatalogEvent } from '../stores/CatalogStore';
import { LoadBoundary } from '../ui/LoadBoundary';
import { retryableLazy } from '../../ui/retryableLazy';
import './MatchPage.css';

const BetBuilder = retryableLazy(() => import('./BetBuilder'));

/** Markets listed one line per row (a goals line). */
const LINE_TYPES = new Set<MarketType>(['total-goals']);
/** Handicaps as UK bookmakers list them: team columns, the main line first, the others behind "More lines". */
const HANDICAP_TYPES = new Set<MarketType>(['asian-handicap', 'three-way-handicap']);

/** Statuses whose banner says betting has closed and why. */
const FINISHED = new Set<CatalogEvent['status']>(['ended', 'settled', 'abandoned']);

/** The match page: header with score and clock, every market grouped and collapsible. */
export default function MatchPage({ eventId }: { eventId: string }) {
  const { catalog, router } = useSportsbook();
  useWatch(catalog);
  useEffect(() => {
    void catalog.loadEvent(eventId);
  }, [catalog, eventId]);
  const event = catalog.events.get(eventId);
  const state = catalog.detailState.get(eventId);
  const [building, setBuilding] = useState(false);

  const back = (
    <button type="button" className="back-link" onClick={() => (history.length > 1 ? history.back() : router.go('/'))}>
      <ChevronLeft size={16} /> Football
    </button>
  );
  if (!event?.markets) {
    if (state === 'error')
      return (
        <div className="match">
          {back}
          <div className="empty-state" role="alert">
            <p>We could not load this match. It may have finished, or the connection dropped.</p>
            <button type="button" className="btn btn--secondary" onClick={() => void catalog.loadEvent(eventId)}>
              Try again
            </button>
          </div>
        </div>
      );
    return (
      <div className="match" aria-busy="true">
        {back}
        <h1 className="visually-hidden">Match</h1>
        <div className="skeleton skeleton--header" />
        <div className="skeleton skeleton--row" />
        <div className="skeleton skeleton--row" />
      </div>
    );
  }

  const live = event.status === 'live' || event.status === 'ended' || event.status === 'settled';
  const allMarkets = event.markets;
  const groups = MARKET_GROUPS.map((group) => ({
    group,
    markets: allMarkets.filter(
      (market) => market.type === group.type && market.status !== 'settled' && market.status !== 'void',
    ),
  })).filter(({ markets }) => markets.length > 0);
  return (
    <div className="match">
      {back}
      <header className="scoreboard" aria-live="polite" aria-atomic="true">
        <p className="scoreboard__competition">{event.competitionName}</p>
        <div className="scoreboard__line">
          <h1 className="scoreboard__team scoreboard__team--home">{event.home}</h1>
          <div className="scoreboard__centre">
            {live ? (
              <span className="scoreboard__score" aria-label={`Score ${event.score.home}-${event.score.away}`}>
                {event.score.home}
                <span aria-hidden="true"> - </span>
                {event.score.away}
              </span>
            ) : (
              <span className="scoreboard__vs">v</span>
            )}
            <span
              className={`scoreboard__clock${event.status === 'live' && event.phase !== 'half-time' ? ' scoreboard__clock--live' : ''}`}
              aria-label={clockWords(event)}
            >
              {event.status === 'live' && event.phase !== 'half-time' && (
                <span className="live-dot" aria-hidden="true" />
              )}
              {live ? clock(event) : kickoff(event.kickoffAt)}
            </span>
          </div>
          <h1 className="scoreboard__team scoreboard__team--away">{event.away}</h1>
        </div>
        {event.halfTimeScore && event.phase !== 'half-time' && (
          <p className="scoreboard__ht">
            HT {event.halfTimeScore.home}-{event.halfTimeScore.away}
          </p>
        )}
      </header>
      {event.suspended && (
        <p className="suspended-banner" role="status">
          <Lock size={16} /> Suspended. Betting on this match reopens in a moment.
        </p>
      )}
      {event.status === 'abandoned' && (
        <p className="suspended-banner">This match was abandoned. Bets on it are void.</p>
      )}
      {event.status === 'ended' && (
        <p className="suspended-banner">Full time. Betting on this match has closed; bets on it are settled shortly.</p>
      )}
      {event.status === 'settled' && (
        <p className="suspended-banner">Full time. Bets on this match are settled: see them in My Bets.</p>
      )}
      {groups.length === 0 ? (
        // Nothing left to bet on: no empty toggle and no empty list; a finished match's banner already says why.
        !FINISHED.has(event.status) && <p className="empty-state">No markets are open on this match.</p>
      ) : (
        <>
          <div className="builder-toggle" role="group" aria-label="Show">
            <button
              type="button"
              className="builder-toggle__option"
              aria-pressed={!building}
              onClick={() => setBuilding(false)}
            >
              All markets
            </button>
            <button
              type="button"
              className="builder-toggle__option"
              aria-pressed={building}
              onClick={() => setBuilding(true)}
            >
              Bet Builder
            </button>
          </div>
          {building ? (
            <LoadBoundary parts={[BetBuilder]}>
              <Suspense fallback={<div className="skeleton skeleton--row" aria-busy="true" />}>
                <BetBuilder event={event} markets={event.markets} />
              </Suspense>
            </LoadBoundary>
          ) : (
            <div className={`markets${event.suspended ? ' markets--suspended' : ''}`}>
              {groups.map(({ group, markets }) => (
                <MarketGroup key={group.type} title={group.title} type={group.type} markets={markets} event={event} />
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}

function MarketGroup({
  title,
  type,
  markets,
  event,
}: {
  title: string;
  type: MarketType;
  markets: Market[];
  event: CatalogEvent;
}) {
  const [open, setOpen] = useState(OPEN_AT_FIRST.has(type));
  const id = `group-${type}`;
  return (
    <section className="market">
      <h2 className="market__title">
        <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {title}
          <ChevronDown size={18} className={`market__chevron${open ? ' market__chevron--open' : ''}`} />
        </button>
      </h2>
      {open && (
        <div id={id} className="market__body">
          {HANDICAP_TYPES.has(type) ? (
            <HandicapLines markets={markets} event={event} />
          ) : markets.length === 1 && !LINE_TYPES.has(type) ? (
            <SelectionGrid market={markets[0]!} type={type} />
          ) : (
            markets.map((market) => <LineRow key={market.id} market={market} />)
          )}
        </div>
      )}
    </section>
  );
}

function SelectionGrid({ market, type }: { market: Market; type: MarketType }) {
  const { catalog } = useSportsbook();
  const columns = type === 'correct-score' ? 3 : Math.min(3, market.selections.length);
  return (
    <div className={`selection-grid selection-grid--${columns}`} role="group" aria-label={market.name}>
      {market.status === 'closed' && <p className="market__closed">Closed</p>}
      {market.selections.map((selection) => (
        <OddsButton key={selection.id} live={catalog.findSelection(selection.id)} label={selection.name} />
      ))}
    </div>
  );
}

/** A goals line: its name, then its two prices. */
function LineRow({ market }: { market: Market }) {
  const { catalog } = useSportsbook();
  if (isDecidedLine(market)) return null;
  return (
    <div className="line-row" role="group" aria-label={market.name}>
      <span className="line-row__name">{lineName(market.name)}</span>
      {market.selections.map((selection) => (
        <OddsButton key={selection.id} live={catalog.findSelection(selection.id)} label={selection.name} />
      ))}
    </div>
  );
}

/**
 * A handicap: the teams as column heads, the main line's buttons under them (each with its line), and the other
 * lines behind "More lines", so a phone shows one row, not twenty-one.
 */
function HandicapLines({ markets, event }: { markets: Market[]; event: CatalogEvent }) {
  const [more, setMore] = useState(false);
  const id = useId();
  const offered = markets.filter((market) => !isDecidedLine(market));
  const main = mainLineOf(offered);
  if (!main) return <p className="market__closed">No lines are offered now.</p>;
  const others = offered.filter((market) => market !== main);
  const threeWay = main.selections.length === 3;
  const heads = threeWay ? [event.home, 'Draw', event.away] : [event.home, event.away];
  return (
    <div className={`handicap${threeWay ? ' handicap--3' : ''}`}>
      <div className="handicap__heads" aria-hidden="true">
        {heads.map((head) => (
          <span key={head}>{head}</span>
        ))}
      </div>
      <HandicapRow market={main} event={event} />
      {others.length > 0 && (
        <>
          <button
            type="button"
            className="more-lines"
            aria-expanded={more}
            aria-controls={id}
            onClick={() => setMore(!more)}
          >
            {more ? 'Fewer lines' : `More lines (${others.length})`}
            <ChevronDown size={16} className={`market__chevron${more ? ' market__chevron--open' : ''}`} />
          </button>
          <div id={id} className="handicap__more" hidden={!more}>
            {more && others.map((market) => <HandicapRow key={market.id} market={market} event={event} />)}
          </div>
        </>
      )}
    </div>
  );
}

function HandicapRow({ market, event }: { market: Market; event: CatalogEvent }) {
  const { catalog } = useSportsbook();
  const teams = market.selections.length === 3 ? [event.home, null, event.away] : [event.home, event.away];
  return (
    <div className="handicap__row" role="group" aria-label={market.name}>
      {market.selections.map((selection, at) => (
        <OddsButton
          key={selection.id}
          live={catalog.findSelection(selection.id)}
          label={handicapLabel(selection.name, teams[at] ?? null)}
        />
      ))}
    </div>
  );
}
