import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { BEGAMBLEAWARE_URL, GAMSTOP_URL, helpEntries, socialLinks } from './navigation';
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
        <button type="button" className="button button--link footer__toggle" aria-expanded={!linksHidden} aria-controls="footer-links" onClick={() => setLinksHidden((hidden) => !hidden)}>
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
      <div className="footer__row footer__responsible">
        <span className="age-badge" role="img" aria-label="18 or over only">
          18+
        </span>
        <p>
          Gambling can be addictive. Please play responsibly, set limits that suit you and never bet more than you can afford to lose. For free, confidential help visit{' '}
          <a href={BEGAMBLEAWARE_URL} {...newTab}>
            BeGambleAware.org
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          .
        </p>
        <a className="gamstop-mark" href={GAMSTOP_URL} {...newTab} aria-label="GAMSTOP, the national online self-exclusion scheme (opens in a new tab)">
          <span aria-hidden="true">GAMSTOP</span>
        </a>
      </div>
      <div className="footer__row">
        <p className="footer__legal">ExSport is a trading name of Exchange Sportsbook Ltd, licensed and regulated by the Gambling Commission. Only for customers aged 18 or over in the UK.</p>
        <InstallOffer />
      </div>
    </footer>
  );
});
