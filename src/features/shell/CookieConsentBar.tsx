import { useState, type MouseEvent } from 'react';
import { useStores } from '../../stores/context';
import { consentCookie, readConsent } from './cookieConsent';

/** Asks once; the answer is kept for 180 days. Learn more opens the privacy policy. */
export function CookieConsentBar() {
  const { overlays } = useStores();
  const [answered, setAnswered] = useState(() => readConsent(document.cookie) !== null);
  if (answered) return null;

  const answer = (accepted: boolean) => {
    document.cookie = consentCookie(accepted, window.location.protocol === 'https:');
    setAnswered(true);
  };
  const learnMore = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    overlays.open('privacy');
  };

  return (
    <>
      <div className="cookie-overlay" aria-hidden="true" />
      <section className="cookie-bar" aria-label="Cookie consent" data-testid="cookie-bar">
        <p className="cookie-bar__text">
          We use cookies to keep you signed in, to remember your choices and, with your consent, to understand how our
          app is used.{' '}
          <a href="/privacy" onClick={learnMore}>
            Learn more
          </a>
        </p>
        <div className="cookie-bar__actions">
          <button type="button" className="button button--ghost" onClick={() => answer(false)}>
            Decline
          </button>
          <button type="button" className="button button--primary" onClick={() => answer(true)}>
            Accept
          </button>
        </div>
      </section>
    </>
  );
}
