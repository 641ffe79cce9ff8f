import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { FormAlert } from '../../ui/FormAlert';
import { DepositLimitForm } from './DepositLimitForm';
import { LOAD_ERROR_PREFIX } from './messages';
import './limits.css';

/** The registration flow's deposit limit step: the drawer's form, and a bottom button that reads Skip until a limit is set. */
export const RegistrationLimitStep = observer(function RegistrationLimitStep({ onDone }: { onDone: () => void }) {
  const { limits, session } = useStores();
  useEffect(() => {
    limits.dismissConfirmation();
    void limits.load();
  }, [limits]);
  return (
    <div className="limits">
      {session.userError && <FormAlert>{`${LOAD_ERROR_PREFIX}${session.userError}`}</FormAlert>}
      {limits.loadError && <FormAlert>{limits.loadError}</FormAlert>}
      {limits.confirmation && <FormAlert tone="success">{limits.confirmation.text}</FormAlert>}
      <DepositLimitForm allowDelete={false} />
      <button type="button" className="button button--block limits__step-actions" onClick={onDone}>
        {limits.hasAnyLimit ? 'Next' : 'Skip'}
      </button>
    </div>
  );
});
