import { ChevronDown, Menu } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../stores/context';
import { balanceDescription, HeaderBalance } from '../features/account/BalanceFigure';
import { useIsMobile } from '../features/shell/useIsMobile';
import { openSocialBetting } from '../features/exchange/socialBetting';

export const Header = observer(function Header() {
  const store = useStores();
  const { session, balance, overlays, exchange } = store;
  const mobile = useIsMobile();
  return (
    <header
      className="header"
      aria-disabled={overlays.headerLocked || undefined}
      inert={overlays.headerLocked || undefined}
      data-testid="header"
    >
      {mobile && (
        <button
          type="button"
          className="icon-button header__menu"
          onClick={() => overlays.open('mobile-menu')}
          aria-label="Menu"
          data-testid="header-menu"
        >
          <Menu aria-hidden="true" />
        </button>
      )}
      <a className="header__logo" href="/" aria-label="ExSport home">
        <span className="header__logo-mark" aria-hidden="true">
          ex
        </span>
        <span className="header__logo-word" aria-hidden="true">
          Ex<span>Sport</span>
        </span>
      </a>
      {mobile && (
        <button
          type="button"
          className="header__switcher"
          onClick={() => overlays.open('mobile-switcher')}
          aria-label={`Switch product: ${exchange.showing ? 'Social betting' : 'Sportsbook'}`}
          data-testid="header-switcher"
        >
          <ChevronDown aria-hidden="true" />
        </button>
      )}
      {!mobile && (
        <nav className="header__products" aria-label="Products">
          <a
            className="button button--link header__link"
            href="/"
            aria-current={exchange.showing ? undefined : 'page'}
            onClick={(click) => {
              click.preventDefault();
              exchange.leave();
            }}
          >
            Sportsbook
          </a>
          <button
            type="button"
            className="button button--link header__link"
            aria-current={exchange.showing ? 'page' : undefined}
            onClick={() => openSocialBetting(store)}
            data-testid="header-social-betting"
          >
            Social betting
          </button>
        </nav>
      )}
      <nav className="header__actions" aria-label="Account">
        {session.isLoggedIn ? (
          <>
            {/* On a phone My Bets is in the account list (spec 000); on a desktop it sits here, one click away */}
            {!mobile && (
              <button
                type="button"
                className="button button--link header__link"
                onClick={() => overlays.open('AllBets')}
                data-testid="header-my-bets"
              >
                My Bets
              </button>
            )}
            <button
              type="button"
              className="button button--ghost header__balance"
              onClick={() => overlays.open('account')}
              aria-label={`${balanceDescription(balance, Date.now())}, open account`}
              data-testid="header-balance"
            >
              <HeaderBalance />
            </button>
            <button type="button" className="button button--accent" onClick={() => overlays.open('account_deposit')}>
              Deposit
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button button--ghost" onClick={() => overlays.open('login')}>
              Login
            </button>
            <button type="button" className="button button--accent" onClick={() => overlays.open('register')}>
              Register
            </button>
          </>
        )}
      </nav>
    </header>
  );
});
