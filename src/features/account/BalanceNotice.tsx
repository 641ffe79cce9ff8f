import { observer } from 'mobx-react-lite';
import { RefreshCw, WifiOff } from 'lucide-react';
import { useStores } from '../../stores/context';
import { formatPence } from '../../contract/rules/money';
import { BALANCE_UNAVAILABLE, lastKnownAge } from './BalanceFigure';

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
          <button
            type="button"
            className="button button--link"
            onClick={() => void balance.fetch()}
            disabled={balance.loading}
          >
            <RefreshCw aria-hidden="true" /> Try again
          </button>
        )}
      </div>
    </div>
  );
});

/** A balance figure in a drawer: the amount, or a dash when nothing is known. */
export const BalanceAmount = observer(function BalanceAmount({
  className,
  testId,
}: {
  className?: string;
  testId?: string;
}) {
  const { balance } = useStores();
  return (
    <strong className={className} data-testid={testId}>
      {balance.known ? (
        formatPence(balance.balance, balance.currency)
      ) : (
        <span aria-label={balance.unavailable ? BALANCE_UNAVAILABLE : 'Balance loading'}>—</span>
      )}
    </strong>
  );
});
