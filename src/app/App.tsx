import { lazy, Suspense, useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../stores/context';
import { Header } from './Header';
import { OverlayHost } from './OverlayHost';
import { HomePage } from '../features/home/HomePage';
import { Footer } from '../features/shell/Footer';
import { CompactFooter } from '../features/shell/RegulatoryNotice';
import { CookieConsentBar } from '../features/shell/CookieConsentBar';
import { AppBanner } from '../features/shell/AppBanner';
import { OfflineBanner } from '../features/shell/OfflineBanner';
import { UpdatePrompt } from '../features/shell/UpdatePrompt';
import { LimitReviewPrompt } from '../features/limits/LimitReviewPrompt';
import { RealityCheckReminder } from '../features/reality-checks/RealityCheckReminder';
import { useIsMobile } from '../features/shell/useIsMobile';
import { usePrefetchDocuments } from '../features/legal/usePrefetchDocuments';
import '../features/shell/shell.css';

const ExchangeFrame = lazy(() => import('../features/exchange/ExchangeFrame'));
const SaferGamblingMessage = lazy(() => import('../features/safer-gambling/SaferGamblingMessage'));

export const App = observer(function App() {
  const mobile = useIsMobile();
  const { exchange, session, firstScreen } = useStores();
  usePrefetchDocuments();
  useEffect(() => exchange.loadConfigWhenNeeded(firstScreen.afterwards), [exchange, firstScreen]);
  // A frame owns the screen under the header and scrolls alone (one scroll, its slip in view): a desktop docks the
  // footer under it; on a phone the sportsbook frame ends its own page with the regulatory notice, while the
  // exchange, which has none, keeps the page's notice under it (docs/decisions.md, "One scroll").
  const framed = !exchange.showing || !mobile;
  return (
    <div className={framed ? 'app app--framed' : 'app'}>
      {/* First in the page, so that the keyboard reaches the bar that covers it before anything else */}
      <CookieConsentBar />
      {/* In a landmark of its own: no longer first in the page, axe would count it as loose content */}
      <nav aria-label="Skip link">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
      </nav>
      <AppBanner />
      <Header />
      <OfflineBanner />
      <UpdatePrompt />
      <LimitReviewPrompt />
      <main id="main" className="main">
        {exchange.showing ? (
          <Suspense fallback={<div className="sportsbook-frame" aria-busy="true" />}>
            <ExchangeFrame />
          </Suspense>
        ) : (
          <HomePage />
        )}
      </main>
      {mobile ? framed ? null : <CompactFooter /> : <Footer key={framed ? 'docked' : 'page'} docked={framed} />}
      <OverlayHost />
      <RealityCheckReminder />
      {session.isLoggedIn && (
        <Suspense fallback={null}>
          <SaferGamblingMessage />
        </Suspense>
      )}
    </div>
  );
});
