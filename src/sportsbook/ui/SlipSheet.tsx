import { useEffect, useRef, useState } from 'react';
import { useSportsbook } from '../app/context';
import { useWatch } from '../../ui/frame/Observable';
import { formatPence } from '../../contract/rules/money';
import { ChevronDown } from './icons';
import { X } from './later-icons';
import { SlipPanel } from './SlipPanel';

/** The phone's slip: a bar over the page bottom; pressed, a modal sheet with the whole slip. */
export function SlipSheet() {
  const { slip, bets, session, router } = useSportsbook();
  useWatch(slip, bets, session, router);
  const [open, setOpen] = useState(false);
  const bar = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const count = slip.lineCount;
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) heading.current?.focus();
    else if (wasOpen.current) bar.current?.focus();
    wasOpen.current = open;
    if (!open) return;
    // A modal sheet: the page behind it takes no focus or clicks, and Escape closes it wherever focus is.
    const behind = [...document.querySelectorAll<HTMLElement>('.subnav, .sb__main, .connection, .sb__regulatory')];
    behind.forEach((element) => (element.inert = true));
    const onKey = (key: KeyboardEvent) => key.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => {
      behind.forEach((element) => (element.inert = false));
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // A page chosen from the sheet (the receipt's View in My Bets) is shown, not left under it and inert.
  useEffect(() => setOpen(false), [router.path]);

  // A placement in flight opens the sheet, so its outcome is seen.
  useEffect(() => {
    if (slip.placements.length > 0) setOpen(true);
  }, [slip.placements.length]);

  const openBets = session.signedIn ? (bets.lists.open?.length ?? 0) : 0;
  if (count === 0 && slip.placements.length === 0 && openBets === 0 && !open) return null;
  return (
    <>
      <button
        type="button"
        ref={bar}
        className="slip-bar"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          // Nothing on the slip but open bets: the sheet opens on them, where their cash out is.
          if (count === 0 && slip.placements.length === 0 && openBets > 0) bets.showInSlip(true);
          setOpen(true);
        }}
      >
        <span className="badge badge--accent">{count}</span>
        <span className="slip-bar__title">Bet Slip</span>
        {slip.bets.length > 0 ? (
          <span className="slip-bar__figures">Returns {formatPence(slip.totalReturns)}</span>
        ) : (
          openBets > 0 && <span className="slip-bar__figures">My Bets ({openBets})</span>
        )}
        <ChevronDown size={18} className="slip-bar__chevron" />
      </button>
      {open && (
        <div className="sheet-backdrop" onClick={() => setOpen(false)}>
          <div
            className="sheet"
            role="dialog"
            aria-modal="true"
            aria-labelledby="sheet-title"
            onClick={(click) => click.stopPropagation()}
          >
            <div className="sheet__head">
              <h2 id="sheet-title" ref={heading} tabIndex={-1}>
                Bet Slip <span className="badge">{count}</span>
              </h2>
              <button type="button" className="icon-btn" aria-label="Close bet slip" onClick={() => setOpen(false)}>
                <X size={20} />
              </button>
            </div>
            <div className="sheet__body">
              <SlipPanel phone />
            </div>
          </div>
        </div>
      )}
    </>
  );
}
