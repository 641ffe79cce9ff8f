import { createElement as h, Fragment, type MouseEvent } from 'react';

interface CookieConsentBarViewProps {
  /** Absent in the page's first screen, drawn before the app runs: its buttons are then answered by its inline start. */
  onAnswer?: (accepted: boolean) => void;
  onLearnMore?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * The consent bar as drawn, for the app and for the page's first screen (scripts/first-screen.ts). Written without
 * JSX: the build's config imports it, and a config may be loaded by Node itself, which reads no JSX.
 */
export function CookieConsentBarView({ onAnswer, onLearnMore }: CookieConsentBarViewProps) {
  const answer = (accepted: boolean) => onAnswer && (() => onAnswer(accepted));
  return h(
    Fragment,
    null,
    h('div', { className: 'cookie-overlay', 'aria-hidden': 'true' }),
    h(
      'section',
      { className: 'cookie-bar', 'aria-label': 'Cookie consent', 'data-testid': 'cookie-bar' },
      h(
        'p',
        { className: 'cookie-bar__text' },
        'We use cookies to keep you signed in, to remember your choices and, with your consent, to understand how our ' +
          'app is used. ',
        h('a', { href: '/privacy', onClick: onLearnMore }, 'Learn more'),
      ),
      h(
        'div',
        { className: 'cookie-bar__actions' },
        h(
          'button',
          { type: 'button', className: 'button button--ghost', 'data-consent': 'false', onClick: answer(false) },
          'Decline',
        ),
        h(
          'button',
          { type: 'button', className: 'button button--primary', 'data-consent': 'true', onClick: answer(true) },
          'Accept',
        ),
      ),
    ),
  );
}
