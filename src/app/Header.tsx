import { observer } from 'mobx-react-lite';
import { useStores } from '../stores/context';
import { formatPence } from '../lib/money';

export const Header = observer(function Header() {
  const { session, balance, overlays } = useStores();
  return (
    <header className="header">
      <a className="header__logo" href="/" aria-label="ExSport home">
        ExSport
      </a>
      <nav className="header__actions" aria-label="Account">
        {session.isLoggedIn ? (
          <>
            <button type="button" className="button button--ghost" onClick={() => overlays.open('account')} aria-label={`Balance ${formatPence(balance.balance, balance.currency)}, open account`} data-testid="header-balance">
              {formatPence(balance.balance, balance.currency)}
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
