import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { OverlayMenu } from '../../ui/OverlayMenu';
import type { OverlayProps } from '../../overlays/types';
import type { OverlayStore } from '../../stores/OverlayStore';
import { lastKnownAge } from './BalanceFigure';
import { BalanceAmount, BalanceNotice } from './BalanceNotice';
import { RetryNotice } from '../../ui/RetryNotice';
import { SERVICE_UNAVAILABLE } from '../../api/http';
import { formatDate } from '../../lib/dates';
import { useIsMobile } from '../shell/useIsMobile';
import { Spinner } from '../../ui/Spinner';
import { FormAlert } from '../../ui/FormAlert';
import { AvatarUpload } from './AvatarUpload';
import { FreeBetsSummary } from './FreeBetsSummary';
import { NO_USER_DATA } from './messages';
import { formatSignInTime } from '../auth/signInTime';
import './account.css';

/** Deposit and Withdraw have their own buttons above the list. */
const OWN_BUTTONS = ['account_deposit', 'account_withdraw'];

/** The drawers the account list offers: each category's entry points under account; My Bets only on mobile. */
export function accountItems(overlays: Pick<OverlayStore, 'inCategory'>, isMobile: boolean) {
  return [
    ...overlays.inCategory('account_personal-details'),
    ...overlays.inCategory('account'),
    ...overlays.inCategory('account_responsible-gambling'),
  ].filter(
    (definition) =>
      definition.back === 'account' &&
      !OWN_BUTTONS.includes(definition.name) &&
      (definition.name !== 'AllBets' || isMobile),
  );
}

const AccountDrawer = observer(function AccountDrawer(_props: OverlayProps) {
  const { session, overlays } = useStores();
  const isMobile = useIsMobile();
  const user = session.user;

  if (!user && session.userError === SERVICE_UNAVAILABLE) return <AccountUnavailable />;
  if (!user) return session.userError ? <FormAlert>{NO_USER_DATA}</FormAlert> : <Spinner />;
  return (
    <div className="account">
      <section className="account__profile" aria-label="Profile">
        <AvatarUpload avatarUrl={user.avatarUrl} name={user.firstName} />
        <div>
          <p className="account__name">{user.firstName}</p>
          <p className="account__meta">Member since {formatDate(user.createdAt)}</p>
          <p className="account__meta">Account ID: {user.id}</p>
          {session.previousSignInAt && (
            <p className="account__meta">Previous sign-in: {formatSignInTime(session.previousSignInAt)}</p>
          )}
        </div>
      </section>
      <section className="account__balance" aria-label="Balance">
        <p>
          <span className="account__meta">Balance</span>
          <BalanceAmount className="account__amount" testId="account-balance" />
        </p>
        <BalanceNotice />
        <div className="account__money-buttons">
          <button type="button" className="button button--primary" onClick={() => overlays.open('account_deposit')}>
            Deposit
          </button>
          <button type="button" className="button button--ghost" onClick={() => overlays.open('account_withdraw')}>
            Withdraw
          </button>
        </div>
      </section>
      <FreeBetsSummary />
      <OverlayMenu label="Account menu" items={accountItems(overlays, isMobile)} />
      <button type="button" className="button button--ghost button--block" onClick={() => overlays.open('logout')}>
        Logout
      </button>
    </div>
  );
});

/** The server cannot be reached: the last known balance, a way to ask again, and Logout still works. */
const AccountUnavailable = observer(function AccountUnavailable() {
  const { session, overlays, balance } = useStores();
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    await Promise.all([session.loadUser(), balance.fetch()]);
    setRetrying(false);
  };
  return (
    <div className="account">
      <section className="account__balance" aria-label="Balance">
        <p>
          <span className="account__meta">Balance</span>
          <BalanceAmount className="account__amount" testId="account-balance" />
        </p>
      </section>
      <RetryNotice
        title="Your account details cannot be shown"
        message={`${SERVICE_UNAVAILABLE}${balance.lastKnownAt !== null ? ` The balance above is the last known one, from ${lastKnownAge(balance.lastKnownAt, Date.now())}.` : ''}`}
        onRetry={() => void retry()}
        retrying={retrying}
        testId="account-unavailable"
      />
      <button type="button" className="button button--ghost button--block" onClick={() => overlays.open('logout')}>
        Logout
      </button>
    </div>
  );
});

export default AccountDrawer;
