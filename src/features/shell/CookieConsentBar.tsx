import { useLayoutEffect, useState, type MouseEvent } from 'react';
import { useStores } from '../../stores/context';
import { consentCookie, readConsent } from './cookieConsent';
import { CookieConsentBarView } from './CookieConsentBarView';
import { focusInFirstScreen } from './firstScreenFocus';

/** Asks once; the answer is kept for 180 days. Learn more opens the privacy policy. */
export function CookieConsentBar() {
  const { overlays } = useStores();
  const [answered, setAnswered] = useState(() => readConsent(document.cookie) !== null);
  // Read as the first render runs, while the page's bar is still there: its commit replaces that bar.
  const [keptFocus] = useState(() => focusInFirstScreen(document));
  useLayoutEffect(() => {
    if (keptFocus) document.querySelector<HTMLElement>(`[data-testid="cookie-bar"] ${keptFocus}`)?.focus();
  }, [keptFocus]);
  if (answered) return null;

  const answer = (accepted: boolean) => {
    document.cookie = consentCookie(accepted, window.location.protocol === 'https:');
    setAnswered(true);
  };
  const learnMore = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    overlays.open('privacy');
  };

  return <CookieConsentBarView onAnswer={answer} onLearnMore={learnMore} />;
}
