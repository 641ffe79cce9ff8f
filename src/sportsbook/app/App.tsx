import { Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { FreeBetsMenu } from '../ui/FreeBetsMenu';
import { SkipToSlip } from '../ui/SkipToSlip';
import { useSportsbook } from './context';
import { useWatch } from '../../ui/frame/Observable';
import { Home } from '../screens/Home';
import { SlipPanel, useOpenBetsLoaded } from '../ui/SlipPanel';
import { formatPence } from '../../contract/rules/money';
import { ChevronDown, WifiOff, X } from '../ui/icons';
import { LoadBoundary } from '../ui/LoadBoundary';
import { retryableLazy } from '../../ui/retryableLazy';
import { RegulatoryNotice } from '../../ui/RegulatoryNotice';
import './App.css';

const MatchPage = retryableLazy(() => import('../screens/MatchPage'));
const MyBets = retryableLazy(() => import('../screens/MyBets'));

const desktopQuery = '(min-width: 1024px)';
function useDesktop(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = matchMedia(desktopQuery);
      query.addEventListener('change', listener);
      return () => query.removeEventListener('change', listener);
    },
    () => matchMedia(desktopQuery).matches,
  );
}

export function App() {
  const sportsbook = useSportsbook();
  const { router, slip, network, socket, session } = sportsbook;
  useWatch(router, slip, network, socket, session);
  const desktop = useDesktop();
  const route = router.route;
  const main = useRef<HTMLElement>(null);
  useOpenBetsLoaded();

  useEffect(() => {
    main.current?.scrollTo?.(0, 0);
    window.scrollTo?.(0, 0);
  }, [router.path]);

  return (
    <div className="sb">
      {desktop && <SkipToSlip slipId="sb-slip" />}
      <SubNav />
      {!network.online ? (
        <p className="connection connection--offline" role="status">
          <WifiOff size={16} /> You are offline. Prices may be out of date and bets cannot be placed.
        </p>
      ) : (
        socket.state !== 'open' &&
        socket.getRevision() > 2 && (
          <p className="connection" role="status">
            Reconnecting to live prices…
          </p>
        )
      )}
      <div className="sb__layout">
        <main className="sb__main" ref={main} id="sb-main" aria-label="Sportsbook">
          <LoadBoundary resetKey={router.path} parts={[MatchPage, MyBets]}>
            <Suspense
              fallback={
                // The page keeps its level-one heading while a screen's code loads (screen readers, axe page-has-heading-one).
                <div aria-busy="true">
                  <h1 className="visually-hidden">
                    {route.name === 'bets' ? 'My Bets' : route.name === 'event' ? 'Match' : 'Football'}
                  </h1>
                  <div className="skeleton skeleton--header" />
                </div>
              }
            >
              {route.name === 'home' && <Home />}
              {route.name === 'event' && <MatchPage key={route.eventId} eventId={route.eventId} />}
              {route.name === 'bets' && <MyBets />}
            </Suspense>
          </LoadBoundary>
        </main>
        {/* The slip scrolls on its own: focusable, so the keyboard can scroll it while its controls are disabled (a bet being placed). */}
        {desktop ? (
          <aside className="sb__slip" id="sb-slip" aria-labelledby="slip-title" tabIndex={0}>
            {/* Signed in, the "Bet Slip | My Bets" tabs head the column: a title above them would say "Bet Slip" twice. */}
            <h2 id="slip-title" className={session.signedIn ? 'visually-hidden' : 'slip-title'}>
              Bet Slip <span className="badge">{slip.lineCount}</span>
            </h2>
            <SlipPanel phone={false} />
          </aside>
        ) : (
          <>
            {/* The host gives a phone's whole screen to the frame, so the page's regulatory notice ends the frame's page. */}
            <footer className="sb__regulatory">
              <RegulatoryNotice />
            </footer>
            <SlipSheet />
          </>
        )}
      </div>
    </div>
  );
}

function SubNav() {
  const { router, prefs } = useSportsbook();
  useWatch(prefs);
  const link = (path: string, label: string) => (
    <a
      href={path}
      className="subnav__link"
      aria-current={router.path === path || (path === '/' && router.route.name === 'event') ? 'page' : undefined}
      onClick={(click) => {
        click.preventDefault();
        router.go(path);
      }}
    >
      {label}
    </a>
  );
  return (
    <nav className="subnav" aria-label="Sportsbook">
      <div className="subnav__links">
        {link('/', 'Football')}
        {link('/bets', 'My Bets')}
      </div>
      <div className="subnav__tools">
        <FreeBetsMenu />
        <label className="odds-toggle">
          <span className="visually-hidden">Odds format</span>
          <select
            value={prefs.oddsFormat}
            onChange={(change) => prefs.chooseOddsFormat(change.target.value === 'decimal' ? 'decimal' : 'fractional')}
          >
            <option value="fractional">Fractional</option>
            <option value="decimal">Decimal</option>
          </select>
          <ChevronDown size={14} />
        </label>
      </div>
    </nav>
  );
}

/** The phone's slip: a bar over the page bottom; pressed, a modal sheet with the whole slip. */
function SlipSheet() {
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
