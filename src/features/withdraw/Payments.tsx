import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useQuery } from '@tanstack/react-query';
import { useStores } from '../../stores/context';
import { paymentKeys, paymentsApi } from '../../api/payments';
import { errorMessage } from '../../api/http';
import type { PaymentsQuery } from '../../contract/payments';
import { formatPence } from '../../contract/rules/money';
import { formatDateTime } from '../../lib/dates';
import { Spinner } from '../../ui/Spinner';
import { RetryNotice } from '../../ui/RetryNotice';

export const PENDING_OFFLINE =
  'You are offline, so your pending withdrawals cannot be shown. They are still being processed.';
const PENDING_UNKNOWN = 'Your pending withdrawals cannot be shown right now.';

const OPEN_WITHDRAWALS: PaymentsQuery = { kind: 'Withdrawal', status: 'Open' };
const ALL_PAYMENTS: PaymentsQuery = {};

function usePayments(query: PaymentsQuery) {
  const { http, network } = useStores();
  const api = useMemo(() => paymentsApi(http), [http]);
  return useQuery({ queryKey: paymentKeys.list(query), queryFn: () => api.payments(query), enabled: network.online });
}

/** Open withdrawals, newest first (the server's order). */
export const PendingWithdrawals = observer(function PendingWithdrawals() {
  const { network } = useStores();
  const pending = usePayments(OPEN_WITHDRAWALS);
  return (
    <section className="payments" aria-labelledby="pending-withdrawals">
      <h3 id="pending-withdrawals">Pending Withdrawals</h3>
      {pending.isError ? (
        <RetryNotice
          title="Error loading pending withdrawals"
          message={errorMessage(pending.error)}
          onRetry={() => void pending.refetch()}
          retrying={pending.isFetching}
          testId="pending-withdrawals-error"
        />
      ) : pending.isLoading ? (
        <Spinner label="Loading pending withdrawals" />
      ) : pending.data === undefined ? (
        // Not asked (offline): saying there are none would be a guess.
        <p className="field__hint" data-testid="pending-withdrawals-unknown">
          {network.online ? PENDING_UNKNOWN : PENDING_OFFLINE}
        </p>
      ) : !pending.data.length ? (
        <p className="field__hint">No pending withdrawals</p>
      ) : (
        <table className="payments__table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Amount</th>
              <th scope="col">Card</th>
            </tr>
          </thead>
          <tbody>
            {pending.data.map((payment) => (
              <tr key={payment.paymentId} data-testid="pending-withdrawal">
                <td>{formatDateTime(payment.lastUpdatedAt)}</td>
                <td>{formatPence(payment.chips)}</td>
                <td>{payment.maskedPan ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
});

/** Every other payment, with its status and, when it failed, why. */
export const PastPayments = observer(function PastPayments() {
  const payments = usePayments(ALL_PAYMENTS);
  const past = payments.data?.filter((payment) => !(payment.kind === 'Withdrawal' && payment.status === 'Open')) ?? [];
  if (payments.isError || !past.length) return null;
  return (
    <section className="payments" aria-labelledby="past-payments">
      <h3 id="past-payments">Past payments</h3>
      <ul className="payments__list">
        {past.map((payment) => (
          <li key={payment.paymentId} className="payments__item" data-testid="past-payment">
            <span>
              {payment.kind} {formatPence(payment.chips)} {payment.maskedPan ?? ''}
            </span>
            <span>
              {formatDateTime(payment.lastUpdatedAt)} · <strong>{payment.status}</strong>
            </span>
            {payment.error && <span className="error-text">{payment.error}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
});
