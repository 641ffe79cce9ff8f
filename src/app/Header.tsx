import { observer } from 'mobx-react-lite';
import { useStores } from '../stores/context';
import { formatPence } from '../lib/money';
import { useIsMobile } from '../features/shell/useIsMobile';

export const Header = observer(function Header() {
  const { session, balance, overlays } = useStores();
  const mobile = useIsMobile();
  return (
    <header className="header" aria-disabled={overlays.headerLocked || undefined} inert={overlays.headerLocked || undefined} data-testid="header">
      {mobile && (
        <button type="button" className="icon-button header__menu" onClick={() => overlays.open('mobile-menu')} aria-label="Menu" data-testid="header-menu">
          <span aria-hidden="true">☰</span>
        </button>
      )}
      <a className="header__logo" href="/" aria-label="ExSport home">
        ExSport
      </a>
      {mobile && (
        <button type="button" className="header__switcher" onClick={() => overlays.open('mobile-switcher')} aria-label="Switch product: Sportsbook" data-testid="header-switcher">
          <span aria-hidden="true">▾</span>
        </button>
      )}
      <nav className="header__actions" aria-label="Account">
        {session.isLoggedIn ? (
          <>
            {!mobile && (
              <button type="button" className="button button--ghost" onClick={() => overlays.open('AllBets')} data-testid="header-my-bets">
                My Bets
              </button>
            )}
            <button type="button" className="button button--ghost" onClick={() => overlays.open('account')} aria-label={`Balance ${formatPence(balance.balance, balance.currency)}${balance.lastKnownAt !== null ? ' (last known)' : ''}, open account`} data-testid="header-balance">
              {formatPence(balance.balance, balance.currency)}
              {balance.lastKnownAt !== null && <small className="header__last-known"> last known</small>}
            </button>
            <button type="button" className="button button--primary" onClick={() => overlays.open('account_deposit')}>
              Deposit
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button button--ghost" onClick={() => overlays.open('login')}>
              Login
            </button>
            <button type="button" className="button button--primary" onClick={() => overlays.open('register')}>
              Register
            </button>
          </>
        )}
      </nav>
    </header>
  );
});
