const GAMSTOP_URL = 'https://www.gamstop.co.uk';
const BEGAMBLEAWARE_URL = 'https://www.begambleaware.org';

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** What a UK gambling page must always carry, on every screen size: 18+, where to get help, GAMSTOP, the licence. */
export function RegulatoryNotice() {
  return (
    <>
      <div className="footer__row footer__responsible">
        <span className="age-badge" role="img" aria-label="18 or over only">
          18+
        </span>
        <p>
          Gambling can be addictive. Please play responsibly, set limits that suit you and never bet more than you can
          afford to lose. For free, confidential help visit{' '}
          <a href={BEGAMBLEAWARE_URL} {...newTab}>
            BeGambleAware.org
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          .
        </p>
        <a
          className="gamstop-mark"
          href={GAMSTOP_URL}
          {...newTab}
          aria-label="GAMSTOP, the national online self-exclusion scheme (opens in a new tab)"
        >
          <span aria-hidden="true">GAMSTOP</span>
        </a>
      </div>
      <p className="footer__legal">
        ExSport is a trading name of Exchange Sportsbook Ltd, licensed and regulated by the Gambling Commission. Only
        for customers aged 18 or over in the UK.
      </p>
    </>
  );
}
