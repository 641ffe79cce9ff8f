import { useSlip, useSportsbook } from '../app/context';
import { useWatch } from '../../ui/frame/Observable';
import type { CatalogEvent } from '../stores/CatalogStore';
import { isBuildableMarket, type Market } from '../../contract/sportsbook-rules';
import { selectionWords } from '../ui/format';
import { wrappable } from '../ui/wrappable';
import { lineName, MARKET_GROUPS, OPEN_AT_FIRST } from './market-groups';
import './BetBuilder.css';

/**
 * Bet Builder: selections of this match combined into one bet at one price, made by the server from the joint score
 * law (POST /api/bet-builder/quote). Only the markets it can price are listed; picking a second selection of a
 * market replaces the first. The picks go to the slip as one Bet Builder line, priced, staked and placed there.
 */
export default function BetBuilder({ event, markets }: { event: CatalogEvent; markets: Market[] }) {
  const { prefs, catalog } = useSportsbook();
  const slip = useSlip();
  useWatch(slip, prefs, catalog);

  const buildable = markets.filter(
    (market) =>
      isBuildableMarket(market) &&
      market.status !== 'settled' &&
      market.status !== 'void' &&
      market.status !== 'closed',
  );
  // The slip holds one Bet Builder: picks of another match are not this page's.
  const legs = slip.builderLegs.filter((leg) => leg.eventId === event.id);
  const price = legs.length >= 2 ? slip.builderPrice : null;

  return (
    <div className="builder">
      <p className="builder__intro muted">
        Pick selections from this match and we price them together as one bet on your bet slip. One selection per
        market.
      </p>
      <p className="builder__status" role="status" aria-live="polite">
        {legs.length === 0 && 'Pick at least two selections.'}
        {legs.length === 1 && 'Pick one more selection.'}
        {legs.length >= 2 && slip.builderQuoting && 'Pricing your Bet Builder…'}
        {legs.length >= 2 && !slip.builderQuoting && price && (
          <>
            Bet Builder, {legs.length} selections: <strong className="builder__price">{prefs.format(price)}</strong>. On
            your bet slip.
          </>
        )}
        {legs.length >= 2 && !slip.builderQuoting && slip.builderMessage}
      </p>
      {buildable.length === 0 && <p className="empty-state">No Bet Builder markets are open for this match.</p>}
      {MARKET_GROUPS.map(({ type, title }) => {
        const group = buildable.filter((market) => market.type === type);
        if (group.length === 0) return null;
        return (
          <details key={type} className="market builder__group" open={OPEN_AT_FIRST.has(type)}>
            <summary className="market__title builder__summary">{title}</summary>
            {group.map((market) => (
              <div key={market.id} className="builder__market" role="group" aria-label={market.name}>
                {group.length > 1 && <span className="line-row__name">{lineName(market.name)}</span>}
                <div className="builder__selections">
                  {market.selections.map((selection) => {
                    const picked = slip.inBuilder(selection.id);
                    const live = catalog.findSelection(selection.id);
                    const open = live?.status === 'open' && live.price !== null;
                    return (
                      <button
                        key={selection.id}
                        type="button"
                        className={`odds builder__pick${picked ? ' odds--selected' : ''}`}
                        aria-pressed={picked}
                        aria-label={`${selectionWords(selection, market, event)}${selection.price ? ` at ${prefs.format(selection.price)}` : ''}`}
                        disabled={!open && !picked}
                        onClick={() => live && slip.toggleBuilder(live)}
                      >
                        {/* The group heads the market, so the button names only the selection: never cut. */}
                        <span className="odds__label">{wrappable(selection.name)}</span>
                        {selection.price && <span className="odds__price">{prefs.format(selection.price)}</span>}
                      </button>
                    );
                  })}
                </div>
              </div>
            ))}
          </details>
        );
      })}
    </div>
  );
}
