import { useEffect, useId, useState } from 'react';
import { useSportsbook } from '../app/context';
import { useWatch } from '../../ui/frame/Observable';
import { BetBuilderStore } from '../stores/BetBuilderStore';
import { slipSelectionOf } from '../stores/slip/SlipSelections';
import type { CatalogEvent } from '../stores/CatalogStore';
import { isBuildableMarket, MIN_STAKE_PENCE, MAX_STAKE_PENCE, type Market } from '../../contract/sportsbook-rules';
import { formatPence, poundsToPence } from '../../contract/rules/money';
import { returnsFor } from '../../contract/rules/odds';
import { selectionWords } from '../ui/format';
import { lineName, MARKET_GROUPS, OPEN_AT_FIRST } from './market-groups';
import './BetBuilder.css';

/**
 * Bet Builder: selections of this match combined into one bet at one price, made by the server from the joint score
 * law (POST /api/bet-builder/quote). Only the markets it can price are listed; picking a second selection of a
 * market replaces the first. Placed as one bet through the slip, whose receipt follows it.
 */
export default function BetBuilder({ event, markets }: { event: CatalogEvent; markets: Market[] }) {
  const { api, slip, prefs, catalog } = useSportsbook();
  const [builder] = useState(() => new BetBuilderStore(api));
  useWatch(builder, slip, prefs);
  const [stakeText, setStakeText] = useState('');
  const [outcome, setOutcome] = useState<string | null>(null);
  const stakeId = useId();

  // Prices move with the match: ask again on every change of it.
  useEffect(() => {
    if (builder.picks.size >= 2) void builder.requote();
  }, [builder, event.seq]);

  const buildable = markets.filter(
    (market) =>
      isBuildableMarket(market) &&
      market.status !== 'settled' &&
      market.status !== 'void' &&
      market.status !== 'closed',
  );
  const stake = poundsToPence(stakeText || '0');
  const { quote } = builder;
  const price = quote && !builder.quoting ? quote.price : null;

  async function place() {
    setOutcome(null);
    if (!price) return;
    if (!(stake >= MIN_STAKE_PENCE)) return setOutcome('The minimum stake is £0.10.');
    if (stake > MAX_STAKE_PENCE) return setOutcome('The maximum stake is £10,000.');
    const legs = builder.selectionIds
      .map((selectionId) => catalog.findSelection(selectionId))
      .filter((live) => live !== null);
    if (legs.length !== builder.picks.size || legs.some((live) => !live.price))
      return setOutcome('A selection is no longer available. Remove it to continue.');
    const placement = await slip.placeBuilder(price, legs.map(slipSelectionOf), stake);
    if (!placement) return setOutcome(slip.notice);
    if (placement.state === 'accepted') {
      setOutcome(`Bet placed. Bet ID ${placement.request.betId}.`);
      setStakeText('');
      builder.clear();
    } else setOutcome(placement.message ?? 'Your bet is being checked. It shows on your bet slip.');
  }

  return (
    <div className="builder">
      <p className="builder__intro muted">
        Pick selections from this match and we price them together as one bet. One selection per market.
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
                    const picked = builder.has(selection.id);
                    const open = selection.status === 'open' && selection.price !== null;
                    return (
                      <button
                        key={selection.id}
                        type="button"
                        className={`odds builder__pick${picked ? ' odds--selected' : ''}`}
                        aria-pressed={picked}
                        disabled={!open && !picked}
                        onClick={() => builder.toggle(market.id, selection.id)}
                      >
                        <span className="odds__label">{selectionWords(selection, market, event)}</span>
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
      <section className="builder__footer" aria-label="Your Bet Builder">
        <p className="builder__status" role="status" aria-live="polite">
          {builder.picks.size === 0 && 'Pick at least two selections.'}
          {builder.picks.size === 1 && 'Pick one more selection.'}
          {builder.picks.size >= 2 && builder.quoting && 'Pricing your Bet Builder…'}
          {builder.picks.size >= 2 && !builder.quoting && price && (
            <>
              Bet Builder, {builder.picks.size} selections:{' '}
              <strong className="builder__price">{prefs.format(price)}</strong>
            </>
          )}
          {builder.picks.size >= 2 && !builder.quoting && builder.message}
        </p>
        <div className="builder__stake">
          <label htmlFor={stakeId}>Stake £</label>
          <input
            id={stakeId}
            className="builder__input"
            inputMode="decimal"
            autoComplete="off"
            value={stakeText}
            onChange={(change) => setStakeText(change.target.value.replace(/[^0-9.]/g, ''))}
          />
          <span className="muted">Returns {price && stake > 0 ? formatPence(returnsFor(stake, [price])) : '–'}</span>
        </div>
        <div className="builder__actions">
          <button
            type="button"
            className="btn btn--secondary"
            disabled={builder.picks.size === 0}
            onClick={() => builder.clear()}
          >
            Clear
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={!price || stake <= 0 || slip.placing}
            onClick={() => void place()}
          >
            Place Bet Builder
          </button>
        </div>
        {outcome && (
          <p className="builder__outcome" role="alert">
            {outcome}
          </p>
        )}
      </section>
    </div>
  );
}
