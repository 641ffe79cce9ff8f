import { observer } from 'mobx-react-lite';
import { Header } from './Header';
import { OverlayHost } from './OverlayHost';
import { HomePage } from '../features/home/HomePage';
import { Footer } from '../features/shell/Footer';
import { CompactFooter } from '../features/shell/RegulatoryNotice';
import { CookieConsentBar } from '../features/shell/CookieConsentBar';
import { AppBanner } from '../features/shell/AppBanner';
import { OfflineBanner } from '../features/shell/OfflineBanner';
import { UpdatePrompt } from '../features/shell/UpdatePrompt';
import { useIsMobile } from '../features/shell/useIsMobile';
import { usePrefetchDocuments } from '../features/legal/usePrefetchDocuments';
import '../features/shell/shell.css';

export const App = observer(function App() {
  const mobile = useIsMobile();
  usePrefetchDocuments();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppBanner />
      <Header />
      <OfflineBanner />
      <UpdatePrompt />
      <main id="main" className="main">
        <HomePage />
      </main>
      {mobile ? <CompactFooter /> : <Footer />}
      <CookieConsentBar />
      <OverlayHost />
    </div>
  );
});
