import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import type { BalanceStore } from '../../stores/BalanceStore';
import { formatPence } from '../../contract/rules/money';

export const BALANCE_UNAVAILABLE = 'Balance unavailable';

// Intl rather than date-fns: the header is in the first load, and these give the same HH:mm and dd/MM/yyyy.
const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** When the last known balance was saved: the time today, the date before that. */
export function lastKnownAge(savedAt: number, now: number): string {
  const day = dateFormat.format(savedAt);
  return day === dateFormat.format(now) ? timeFormat.format(savedAt) : day;
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
