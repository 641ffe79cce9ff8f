import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { helpEntries, socialLinks } from './navigation';
import { RegulatoryNotice } from '../../ui/RegulatoryNotice';
import { PaymentBadges } from './PaymentBadges';
import { InstallOffer } from './InstallOffer';

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

export const Footer = observer(function Footer() {
  const { overlays, session } = useStores();
  const [linksHidden, setLinksHidden] = useState(false);
  const entries = helpEntries.filter((entry) => !entry.signedInOnly || session.isLoggedIn);
  return (
    <footer className="footer" data-testid="footer">
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
