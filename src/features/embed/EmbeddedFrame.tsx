import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { WifiOff } from 'lucide-react';
import { reaction } from 'mobx';
import { useStores } from '../../stores/context';
import type { RootStore } from '../../stores/RootStore';
import type { FrameToHostMessage, HostToFrameMessage } from '../../contract/bridge';
import { HostBridge, frameOriginOf } from './HostBridge';
import { addressForRoute, fetchLaunchUrl, firstLaunchUrl, namedFrameUrl } from '../sportsbook/launch';
import { hostOddsFormat, type OddsFormatMemory } from '../sportsbook/odds-format';
import '../sportsbook/sportsbook.css';
import { FrameUnavailable } from './FrameUnavailable';
import { AdoptedIframe } from './AdoptedIframe';
import { discardEarlyFrame, FRAME_POLICY, takeEarlyFrame, type EarlyFrame } from './earlyFrame';
import { afterNextPaint } from '../../ui/afterPaint';

const SIGN_IN_OVERLAYS = new Set(['login', 'bet-not-logged-in']);

export const OFFLINE_TEXT = 'You are offline. Betting needs a connection.';

/** How long a launched frame has to say `ready` before the host says it could not start (a slow phone on 3G included). */
export const FRAME_START_MS = 20_000;

/** A service embedded like a commercial games platform: its launch door on the PAM and the words it is shown with. */
export interface FrameDoor {
  /** GET on the PAM answering `{ url }`: /games/iqs (the sportsbook), /games/p2p (the exchange). */
  launchPath: string;
  /** The server writes its signed-out `/` address into the host's page (`src/contract/host-page.ts`). */
  namedInPage?: boolean;
  title: string;
  unavailableText: string;
  loadingLabel: string;
  /** Below the offline message: what is kept meanwhile. */
  offlineDetail: string;
}

export interface EmbeddedFrameProps {
  door: FrameDoor;
  /** The frame route to open: '/', '/event/abc', '/bets'. */
  route: string;
  /** The page at `/` keeps the frame's route in the host's address; the My Bets drawer does not. */
  keepRouteInAddress?: boolean;
  title?: string;
}

/** What the host does when the frame asks. */
export interface FrameHandlers {
  onRoute: (path: string) => void;
  /** Gives the frame a fresh launch URL (signed in) through the bridge. */
  relaunch: () => void;
  /** Whether the frame was launched signed in. */
  launchedSignedIn: () => boolean;
  post: (message: HostToFrameMessage) => void;
  /** Where the host keeps the customer's odds format (the frame's own storage may be partitioned or cleared). */
  oddsFormat?: OddsFormatMemory;
}

export function handleFrameMessage(
  store: Pick<RootStore, 'overlays' | 'session' | 'balance'>,
  message: FrameToHostMessage,
  { onRoute, relaunch, launchedSignedIn, post, oddsFormat = hostOddsFormat }: FrameHandlers,
): void {
  switch (message.type) {
    case 'login-requested':
      if (!store.session.isLoggedIn) store.overlays.open('bet-not-logged-in');
      else relaunch();
      return;
    case 'deposit-requested':
      store.overlays.open(store.session.isLoggedIn ? 'account_deposit' : 'bet-not-logged-in');
      return;
    case 'route':
      onRoute(message.path);
      return;
    case 'session-expired':
      // Still signed in here: the frame's session ended by itself (expiry), so give it a fresh one.
      if (store.session.isLoggedIn) relaunch();
      return;
    case 'bets-changed':
      if (store.session.isLoggedIn) void store.balance.fetch();
      return;
    case 'odds-format':
      oddsFormat.remember(message.format);
      return;
    case 'rules-requested':
      store.overlays.open('exchange-rules');
      return;
    case 'ready': {
      // The frame and the host agree on the odds format: the host's copy is the one that survives storage partitioning.
      const format = oddsFormat.remembered();
      if (format) post({ type: 'odds-format', format });
      // The session changed while the frame loaded (a sign-in whose launch the loading frame missed, a restore that
      // finished late, a logout): put it right. The frame's own word is the truth; an older frame's is guessed.
      const frameSignedIn = message.signedIn ?? launchedSignedIn();
      if (store.session.isLoggedIn && !frameSignedIn) relaunch();
      else if (!store.session.isLoggedIn && frameSignedIn) post({ type: 'logout' });
      return;
    }
  }
}

/** The host's page has painted something (where the browser says; never in tests without paint timing). */
function hostHasPainted(): boolean {
  return typeof performance.getEntriesByType === 'function' && performance.getEntriesByType('paint').length > 0;
}

/**
 * How the frame opens with the first render: a signed-out `/` of a door the page names takes the frame the page's start
 * already opened, or opens the named address at once once the host has painted (a cold `/`: this code arrives after
 * the first paint), its page asked for with this render instead of after an effect and another frame. Otherwise null:
 * the launch effect asks.
 */
function frameFromPage(
  door: FrameDoor,
  signedIn: boolean,
  route: string,
): { src: string | null; early: EarlyFrame | null } {
  const named = door.namedInPage && route === '/' ? namedFrameUrl(document) : null;
  if (!named) return { src: null, early: null };
  const early = signedIn ? null : takeEarlyFrame(named);
  if (early) return { src: named, early };
  // The page opened a signed-out frame for a visitor the app found signed in.
  discardEarlyFrame();
  return { src: !signedIn && hostHasPainted() ? named : null, early: null };
}

/** An embedded service: launched through its door, bridged by postMessage, replaced by a plain message offline. */
export const EmbeddedFrame = observer(function EmbeddedFrame({
  door,
  route,
  keepRouteInAddress = false,
  title = door.title,
}: EmbeddedFrameProps) {
  const store = useStores();
  const { http, session, network, overlays } = store;
  const iframe = useRef<HTMLIFrameElement>(null);
  const [fromPage] = useState(() => frameFromPage(door, session.isLoggedIn, route));
  const [src, setSrc] = useState<string | null>(fromPage.src);
  const [early, setEarly] = useState<EarlyFrame | null>(fromPage.early);
  const openedFromPage = useRef(src !== null);
  const [failed, setFailed] = useState(false);
  const currentRoute = useRef(route);
  const bridge = useRef<HostBridge | null>(null);
  const [attempt, setAttempt] = useState(0);
  const launchedSignedIn = useRef(false);

  // The first launch: once, with the route asked for (a deep link), signed in or not.
  useEffect(() => {
    let cancelled = false;
    setFailed(false);
    launchedSignedIn.current = session.isLoggedIn;
    if (openedFromPage.current) {
      openedFromPage.current = false;
      return;
    }
    const namedInPage = !!door.namedInPage && !session.isLoggedIn;
    firstLaunchUrl(http, currentRoute.current, door.launchPath, namedInPage).then(
      // After the host's first paint: the page shows itself before the frame's documents take the line.
      (url) => afterNextPaint(() => !cancelled && setSrc(url)),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [http, session, attempt, door.launchPath, door.namedInPage]);

  const frameOrigin = src ? frameOriginOf(src) : null;
  const started = useRef(false);

  // A frame that never says `ready` (its storage refused, its script blocked) is replaced by the message with Try again.
  useEffect(() => {
    if (!src) return;
    started.current = false;
    const timer = setTimeout(() => {
      if (started.current || !network.online) return;
      setSrc(null);
      setEarly(null);
      setFailed(true);
    }, FRAME_START_MS);
    return () => clearTimeout(timer);
  }, [src, network]);

  useEffect(() => {
    if (!frameOrigin) return;
    const relaunch = () => {
      launchedSignedIn.current = session.isLoggedIn;
      if (session.isLoggedIn) hostBridge.post({ type: 'signing-in' });
      fetchLaunchUrl(http, currentRoute.current, door.launchPath).then(
        (url) => bridge.current?.post({ type: 'launch', url }),
        () => undefined,
      );
    };
    const onRoute = (path: string) => {
      currentRoute.current = path;
      if (keepRouteInAddress)
        window.history.replaceState(
          window.history.state,
          '',
          addressForRoute(window.location.pathname, window.location.search, window.location.hash, path),
        );
    };
    const hostBridge = new HostBridge(
      window,
      frameOrigin,
      () => iframe.current?.contentWindow,
      (message) => {
        if (message.type === 'ready') {
          started.current = true;
          store.firstScreen.shown();
        }
        handleFrameMessage(store, message, {
          onRoute,
          relaunch,
          launchedSignedIn: () => launchedSignedIn.current,
          post: (reply) => hostBridge.post(reply),
        });
      },
    );
    bridge.current = hostBridge;
    // The page's frame may have said `ready` before the app listened: the page kept what it sent.
    if (early) hostBridge.replay(early.takeMessages());
    const disposers = [
      // Signed in: a new launch URL goes through the iframeRedirect overlay (it closes the login drawer), then to the frame.
      reaction(
        () => session.isLoggedIn,
        (signedIn) => {
          launchedSignedIn.current = signedIn;
          if (signedIn) {
            // At once, before the launch URL is fetched: a Place pressed meanwhile waits instead of asking to log in.
            hostBridge.post({ type: 'signing-in' });
            fetchLaunchUrl(http, currentRoute.current, door.launchPath).then(
              (url) => {
                // iframeRedirect closes the other overlays: right after a sign-in for a bet, never over a flow the
                // customer went on with (registration's deposit step, a drawer opened meanwhile).
                if (overlays.stack.every((entry) => SIGN_IN_OVERLAYS.has(entry.definition.name)))
                  overlays.open('iframeRedirect', url);
                else hostBridge.post({ type: 'launch', url });
              },
              () => undefined,
            );
          } else hostBridge.post({ type: overlays.isOpen('account-suspended') ? 'suspended' : 'logout' });
        },
      ),
      reaction(
        () => overlays.redirectUrl,
        (url) => {
          if (url && frameOriginOf(url) === frameOrigin) hostBridge.post({ type: 'launch', url });
        },
      ),
      reaction(
        () => overlays.isOpen('account-suspended'),
        (suspended) => suspended && hostBridge.post({ type: 'suspended' }),
      ),
    ];
    return () => {
      disposers.forEach((dispose) => dispose());
      hostBridge.dispose();
      bridge.current = null;
    };
  }, [frameOrigin, early, http, session, overlays, store, keepRouteInAddress, door.launchPath]);

  // A frame that could not start lets the page's background work go on (a started one says `ready`).
  useEffect(() => {
    if (failed) store.firstScreen.shown();
  }, [failed, store]);

  // Back online after a failed launch: try again by itself.
  useEffect(() => {
    if (network.online && failed) setAttempt((count) => count + 1);
  }, [network.online]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="sportsbook-frame" data-testid="sportsbook-frame">
      {!network.online && (
        <div className="sportsbook-frame__message" role="status">
          <WifiOff size={40} aria-hidden="true" />
          <p className="sportsbook-frame__title">{OFFLINE_TEXT}</p>
          <p>{door.offlineDetail}</p>
        </div>
      )}
      {network.online && failed && !src && (
        <FrameUnavailable text={door.unavailableText} onRetry={() => setAttempt((count) => count + 1)} />
      )}
      {/* Kept mounted while offline (hidden), so the frame's state and session survive a dropped connection. */}
      {src && frameOrigin && early && (
        <AdoptedIframe
          frame={early.frame}
          frameRef={iframe}
          className="sportsbook-frame__iframe"
          title={title}
          hidden={!network.online}
        />
      )}
      {src && frameOrigin && !early && (
        <iframe
          ref={iframe}
          className="sportsbook-frame__iframe"
          src={src}
          title={title}
          hidden={!network.online}
          allow={FRAME_POLICY.allow}
          referrerPolicy={FRAME_POLICY.referrerPolicy}
        />
      )}
      {network.online && !src && !failed && (
        <div className="sportsbook-frame__loading" role="status" aria-busy="true" aria-label={door.loadingLabel} />
      )}
    </div>
  );
});
