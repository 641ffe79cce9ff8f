import { useEffect, useRef, useState } from 'react';
import { useSportsbook } from '../app/context';
import { useWatched } from '../../ui/frame/Observable';
import type { LiveSelection } from '../stores/CatalogStore';
import { samePrice } from '../../contract/rules/odds-format';
import { selectionWords } from './format';
import { ArrowDown, ArrowUp, Lock } from './icons';
import { REASON_DETAIL, unavailableReason } from './unavailable-reason';
import { wrappable } from './wrappable';
import './OddsButton.css';
import { useFirstPriceMark } from '../app/firstPrice';

const FLASH_MS = 4_000;
const decimal = (price: { num: number; den: number }) => (price.num + price.den) / price.den;

/** A price to back: a real button named for screen readers, pressed while on the slip, flashing when it moves. */
export function OddsButton({ live, label }: { live: LiveSelection | null; label?: string }) {
  const { slip, prefs } = useSportsbook();
  // Some 250 of these are on the home screen: each re-renders for its own pick and the odds format, not every slip change.
  const selectionId = live?.selection.id;
  const selected = useWatched(slip, () => selectionId !== undefined && slip.has(selectionId));
  useWatched(prefs, () => prefs.oddsFormat);
  const price = live?.price ?? null;
  const previous = useRef(price);
  const [move, setMove] = useState<'up' | 'down' | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = price;
    if (!before || !price || samePrice(before, price)) return;
    setMove(decimal(price) > decimal(before) ? 'up' : 'down');
    const timer = setTimeout(() => setMove(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [price]);
  useFirstPriceMark(live?.status === 'open' && price !== null);

  if (!live) return <span className="odds odds--empty" aria-hidden="true" />;
  const words = selectionWords(live.selection, live.market, live.event);
  const reason = unavailableReason(live);
  if (reason || !price) {
    const why = reason ?? 'Not offered';
    // Focusable (aria-disabled, not disabled) so the keyboard and a pointer both learn why there is no price.
    return (
      <button
        type="button"
        className="odds odds--off"
        aria-disabled="true"
        aria-label={`${words}: ${REASON_DETAIL[why]}`}
        data-reason={why}
      >
        {label && <span className="odds__label">{wrappable(label)}</span>}
        {why === 'Suspended' ? <Lock size={14} /> : <span aria-hidden="true">–</span>}
      </button>
    );
  }
  const shown = prefs.format(price);
  return (
    <button
      type="button"
      className={`odds${selected ? ' odds--selected' : ''}${move ? ` odds--${move}` : ''}`}
      aria-pressed={selected}
      aria-label={`${words} at ${shown}${move ? `, price ${move === 'up' ? 'lengthened' : 'shortened'}` : ''}`}
      // A click from Enter or Space has no pointer press (detail 0): the keyboard goes on to the stake.
      onClick={(click) => slip.toggle(live, { byKeyboard: click.detail === 0 })}
    >
      {label && <span className="odds__label">{wrappable(label)}</span>}
      <span className="odds__price">
        {move === 'up' && <ArrowUp size={12} className="odds__arrow" />}
        {move === 'down' && <ArrowDown size={12} className="odds__arrow" />}
        {shown}
      </span>
    </button>
  );
}
