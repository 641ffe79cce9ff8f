import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { CashierBalance, CashierLoadError, useSavedCard } from '../account/Cashier';
import { WithdrawForm } from './WithdrawForm';
import { PastPayments, PendingWithdrawals } from './Payments';
import './withdraw.css';

/** account_withdraw. */
export default observer(function WithdrawDrawer() {
  const { network } = useStores();
  const card = useSavedCard();
  if (network.online && card.isError) return <CashierLoadError card={card} />;
  return (
    <div className="withdraw">
      <CashierBalance testId="withdraw-balance" />
      <WithdrawForm />
      <PendingWithdrawals />
      <PastPayments />
    </div>
  );
});
