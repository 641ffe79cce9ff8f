import { LimitQuestionGate } from '../limits/LimitQuestion';
import { DepositForm } from './DepositForm';

/** account_deposit: the deposit-limit question first if it has not been answered. */
export default function DepositDrawer() {
  return (
    <LimitQuestionGate>
      <DepositForm />
    </LimitQuestionGate>
  );
}
