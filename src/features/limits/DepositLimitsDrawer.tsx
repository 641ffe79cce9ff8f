import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import type { OverlayProps } from '../../overlays/types';
import { ErrorScreen } from '../../ui/ErrorScreen';
import { StatusScreen } from '../../ui/StatusScreen';
import { Spinner } from '../../ui/Spinner';
import { DepositLimitForm } from './DepositLimitForm';

/** account_responsible-gambling_deposit-limits */
export default observer(function DepositLimitsDrawer(_props: OverlayProps) {
  const { limits, overlays } = useStores();
  useEffect(() => {
    limits.dismissConfirmation();
    void limits.load();
  }, [limits]);

  if (limits.loadErrors) {
    return (
      <ErrorScreen
        heading="Error"
        message={limits.loadErrors}
        onBack={() => overlays.open('account_responsible-gambling')}
        backText="Back to responsible gambling"
      />
    );
  }
  if (!limits.limits) return <Spinner />;
  if (limits.confirmation) {
    return (
      <StatusScreen
        icon="success"
        heading={limits.confirmation.type === 'set' ? 'Limit set' : 'Limit deleted'}
        onPrimary={() => limits.dismissConfirmation()}
        primaryText="Done"
      >
        <p role="status">{limits.confirmation.text}</p>
      </StatusScreen>
    );
  }
  return <DepositLimitForm />;
});
