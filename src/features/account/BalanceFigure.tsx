import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import type { BalanceStore } from '../../stores/BalanceStore';
import { formatPence } from '../../contract/rules/money';
import { formatDate, formatTime } from '../../lib/dates';

export const BALANCE_UNAVAILABLE = 'Balance unavailable';

/** When the last known balance was saved: the time today, the date before that. */
export function lastKnownAge(savedAt: number, now: number): string {
  const day = formatDate(savedAt);
  return day === formatDate(now) ? formatTime(savedAt) : day;
}

/** What a screen reader hears for the balance, in the header and elsewhere. */
export function balanceDescription(balance: BalanceStore, now: number): string {
  if (balance.unavailable) return BALANCE_UNAVAILABLE;
  if (!balance.known) return 'Balance loading';
  const figure = formatPence(balance.balance, balance.currency);
  return balance.lastKnownAt !== null
    ? `Balance ${figure} (last known, ${lastKnownAge(balance.lastKnownAt, now)})`
    : `Balance ${figure}`;
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
      {balance.lastKnownAt !== null && (
        <small className="header__last-known">last known {lastKnownAge(balance.lastKnownAt, Date.now())}</small>
      )}
    </>
  );
});
