import { useState } from 'react';
import { storeUrlFor } from '../../lib/device';
import { APP_BANNER_DISMISSED_KEY, shouldOfferApp } from './appBanner';

export function AppBanner() {
  const userAgent = navigator.userAgent;
  const [shown, setShown] = useState(() =>
    shouldOfferApp(userAgent, navigator.maxTouchPoints ?? 0, localStorage.getItem(APP_BANNER_DISMISSED_KEY) === 'true'),
  );
  if (!shown) return null;
  const dismiss = () => {
    localStorage.setItem(APP_BANNER_DISMISSED_KEY, 'true');
    setShown(false);
  };
  return (
    <section className="app-banner" aria-label="Get the app" data-testid="app-banner">
      <p className="app-banner__text">
        <strong>ExSport app</strong> Faster betting and peer-to-peer bets, in the app.
      </p>
      <a className="button button--primary" href={storeUrlFor(userAgent)} target="_blank" rel="noopener noreferrer">
        Go to App
      </a>
      <button type="button" className="icon-button" onClick={dismiss} aria-label="Dismiss the app banner">
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}
