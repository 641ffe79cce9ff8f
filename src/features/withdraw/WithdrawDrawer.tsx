import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { formatPence } from '../../lib/money';
import { WithdrawForm } from './WithdrawForm';
import { PastPayments, PendingWithdrawals } from './Payments';
import './withdraw.css';

/** account_withdraw. */
export default observer(function WithdrawDrawer() {
  const { balance } = useStores();
  return (
    <div className="withdraw">
      <p className="withdraw__balance">
        <span>Balance</span>{' '}
        <strong data-testid="withdraw-balance">{formatPence(balance.balance, balance.currency)}</strong>
        {balance.lastKnownAt !== null && <span className="field__hint"> (last known)</span>}
      </p>
      <WithdrawForm />
      <PendingWithdrawals />
      <PastPayments />
    </div>
  );
});
