import { observer } from 'mobx-react-lite';
import { RefreshCw, WifiOff } from 'lucide-react';
import { useStores } from '../../stores/context';
import type { BalanceStore } from '../../stores/BalanceStore';
import { formatPence } from '../../lib/money';
import { formatDate, formatTime } from '../../lib/dates';

export const BALANCE_UNAVAILABLE = 'Balance unavailable';

/** When the last known balance was saved: the time today, the date before that. */
export function lastKnownAge(savedAt: number, now: number): string {
  return formatDate(savedAt) === formatDate(now) ? formatTime(savedAt) : formatDate(savedAt);
}

/** What a screen reader hears for the balance, in the header and elsewhere. */
export function balanceDescription(balance: BalanceStore, now: number): string {
  if (balance.unavailable) return BALANCE_UNAVAILABLE;
  if (!balance.known) return 'Balance loading';
  const figure = formatPence(balance.balance, balance.currency);
  return balance.lastKnownAt !== null ? `Balance ${figure} (last known, ${lastKnownAge(balance.lastKnownAt, now)})` : `Balance ${figure}`;
}

/** The header's figure: the balance, the last known one with its age, a placeholder while loading, never a made-up £0.00. */
export const HeaderBalance = observer(function HeaderBalance() {
  const { balance } = useStores();
  if (balance.unavailable) {
    return (
      <>
        Balance
        <small className="header__last-known">unavailable</small>
      </>
    );
  }
  if (!balance.known) return <span className="skeleton header__skeleton" aria-hidden="true" />;
  return (
    <>
      {formatPence(balance.balance, balance.currency)}
      {balance.lastKnownAt !== null && <small className="header__last-known">last known {lastKnownAge(balance.lastKnownAt, Date.now())}</small>}
    </>
  );
});

/** Under a balance in a drawer: why the figure may be old, or why there is none, with a way to ask again. */
export const BalanceNotice = observer(function BalanceNotice() {
  const { balance, network } = useStores();
  if (balance.known && balance.lastKnownAt === null) return null;
  if (!balance.known && !balance.unavailable) return null;
  const why = network.online ? 'Our service is unavailable right now.' : 'You are offline.';
  return (
    <div className="alert alert--warning balance-notice" role="status" data-testid="balance-notice">
      <WifiOff aria-hidden="true" />
      <div>
        <p>
          {balance.lastKnownAt !== null
            ? `${why} This is your last known balance, from ${lastKnownAge(balance.lastKnownAt, Date.now())}.`
            : `${why} Your balance cannot be shown until we are back.`}
        </p>
        {network.online && (
          <button type="button" className="button button--link" onClick={() => void balance.fetch()} disabled={balance.loading}>
            <RefreshCw aria-hidden="true" /> Try again
          </button>
        )}
      </div>
    </div>
  );
});

/** A balance figure in a drawer: the amount, or a dash when nothing is known. */
export const BalanceAmount = observer(function BalanceAmount({ className, testId }: { className?: string; testId?: string }) {
  const { balance } = useStores();
  return (
    <strong className={className} data-testid={testId}>
      {balance.known ? formatPence(balance.balance, balance.currency) : <span aria-label={balance.unavailable ? BALANCE_UNAVAILABLE : 'Balance loading'}>—</span>}
    </strong>
  );
});
