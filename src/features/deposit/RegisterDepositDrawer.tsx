import { useStores } from '../../stores/context';
import { LimitQuestionGate } from '../limits/LimitQuestion';
import { DepositForm } from './DepositForm';

/** register_deposit: the deposit form under the green 'Registration Complete' banner. */
export default function RegisterDepositDrawer() {
  const { overlays } = useStores();
  return (
    <>
      <div className="registration-complete" role="status">
        <strong>Registration Complete</strong>
        <button type="button" className="button button--ghost" onClick={() => overlays.close()}>
          Close
        </button>
      </div>
      <LimitQuestionGate>
        <DepositForm />
      </LimitQuestionGate>
    </>
  );
}
