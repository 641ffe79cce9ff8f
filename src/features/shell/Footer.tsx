import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { helpEntries, socialLinks } from './navigation';
import { RegulatoryNotice } from '../../ui/RegulatoryNotice';
import { PaymentBadges } from './PaymentBadges';
import { InstallOffer } from './InstallOffer';

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * The desktop's footer. `docked`: under the sportsbook frame, which owns the screen, the footer is a strip at the
 * foot of the screen (the regulatory notice and Show links) that opens upwards; the page never scrolls under the frame.
 */
export const Footer = observer(function Footer({ docked = false }: { docked?: boolean }) {
  const { overlays, session } = useStores();
  const [linksHidden, setLinksHidden] = useState(docked);
  const entries = helpEntries.filter((entry) => !entry.signedInOnly || session.isLoggedIn);
  const className = docked ? `footer footer--docked${linksHidden ? '' : ' footer--open'}` : 'footer';
  return (
    <footer className={className} data-testid="footer">
      <div className="footer__top">
        <button
          type="button"
          className="button button--link footer__toggle"
          aria-expanded={!linksHidden}
          aria-controls="footer-links"
          onClick={() => setLinksHidden((hidden) => !hidden)}
        >
          {linksHidden ? 'Show links' : 'Hide links'}
        </button>
      </div>
      <nav id="footer-links" className="footer__links" aria-label="Help and legal" hidden={linksHidden}>
        <ul>
          <li>
            <a href="/">Home</a>
          </li>
          {entries.map((entry) => (
            <li key={entry.overlay}>
              <button type="button" className="footer__link" onClick={() => overlays.open(entry.overlay)}>
                {entry.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="footer__row">
        <ul className="footer__social" aria-label="ExSport on social media">
          {socialLinks.map((link) => (
            <li key={link.name}>
              <a href={link.href} {...newTab}>
                {link.name}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
        <PaymentBadges />
      </div>
      <RegulatoryNotice />
      <div className="footer__install">
        <InstallOffer />
      </div>
    </footer>
  );
});
