import { observer } from 'mobx-react-lite';
import { BalanceAmount, BalanceNotice } from '../account/BalanceNotice';
import { WithdrawForm } from './WithdrawForm';
import { PastPayments, PendingWithdrawals } from './Payments';
import './withdraw.css';

/** account_withdraw. */
export default observer(function WithdrawDrawer() {
  return (
    <div className="withdraw">
      <p className="withdraw__balance">
        <span>Balance</span>{' '}
        <BalanceAmount testId="withdraw-balance" />
      </p>
      <BalanceNotice />
      <WithdrawForm />
      <PendingWithdrawals />
      <PastPayments />
    </div>
  );
});
