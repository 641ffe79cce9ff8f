import { Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { SkipToSlip } from '../ui/SkipToSlip';
import { useSportsbook } from './context';
import { useWatch } from '../../ui/frame/Observable';
import { Home } from '../screens/Home';
import { useOpenBetsLoaded } from '../ui/open-bets';
import { ChevronDown, WifiOff } from '../ui/icons';
import { LoadingPlaceholder } from '../ui/LoadingPlaceholder';
import { LoadBoundary } from '../ui/LoadBoundary';
import { retryableLazy } from '../../ui/retryableLazy';
import { RegulatoryNotice } from '../../ui/RegulatoryNotice';
import './App.css';

const MatchPage = retryableLazy(() => import('../screens/MatchPage'));
const MyBets = retryableLazy(() => import('../screens/MyBets'));
// The slip's column and the phone's sheet come after the first paint: an empty slip has nothing to show before.
const SlipPanel = retryableLazy<{ phone: boolean }>(() =>
  import('../ui/SlipPanel').then((module) => ({ default: module.SlipPanel })),
);
// Only a signed-in customer holding free bets has the header's menu.
const FreeBetsMenu = retryableLazy<object>(() =>
  import('../ui/FreeBetsMenu').then((module) => ({ default: module.FreeBetsMenu })),
);
const SlipSheet = retryableLazy<object>(() =>
  import('../ui/SlipSheet').then((module) => ({ default: module.SlipSheet })),
);

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
  const { router, slip, network, socket, session, bets } = sportsbook;
  useWatch(router, slip, network, socket, session, bets);
  const desktop = useDesktop();
  const route = router.route;
  const main = useRef<HTMLElement>(null);
  useOpenBetsLoaded();
  // The phone's sheet is drawn once there can be something in it (a price pressed, the slip's code there, open bets),
  // and stays: closing it is its own to do.
  const [sheetWanted, setSheetWanted] = useState(false);
  if (
    !sheetWanted &&
    (slip.store !== null || slip.lineCount > 0 || (session.signedIn && (bets.lists.open?.length ?? 0) > 0))
  )
    setSheetWanted(true);

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
          <LoadBoundary resetKey={router.path} parts={[MatchPage, MyBets, slip, bets]}>
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
            <LoadBoundary parts={[SlipPanel]}>
              <Suspense fallback={<LoadingPlaceholder label="Loading the bet slip" />}>
                <SlipPanel phone={false} />
              </Suspense>
            </LoadBoundary>
          </aside>
        ) : (
          <>
            {/* The host gives a phone's whole screen to the frame, so the page's regulatory notice ends the frame's page. */}
            <footer className="sb__regulatory">
              <RegulatoryNotice />
            </footer>
            {sheetWanted && (
              <LoadBoundary parts={[SlipSheet]}>
                <Suspense fallback={null}>
                  <SlipSheet />
                </Suspense>
              </LoadBoundary>
            )}
          </>
        )}
      </div>
    </div>
  );
}

export function SubNav() {
  const { router, prefs, session, freeBets } = useSportsbook();
  useWatch(prefs, session, freeBets);
  useEffect(() => {
    if (session.signedIn) freeBets.loadOnce();
  });
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
        {session.signedIn && freeBets.tokens.length > 0 && (
          <LoadBoundary parts={[FreeBetsMenu]}>
            <Suspense fallback={null}>
              <FreeBetsMenu />
            </Suspense>
          </LoadBoundary>
        )}
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
