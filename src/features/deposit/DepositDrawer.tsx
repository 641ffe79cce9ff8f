import { DepositForm } from './DepositForm';

/** account_deposit. */
export default function DepositDrawer() {
  return <DepositForm />;
}
