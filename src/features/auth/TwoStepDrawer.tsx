import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useStores } from '../../stores/context';
import type { OverlayProps } from '../../overlays/types';
import type { TwoStepEnrolment } from '../../contract/auth';
import { Spinner } from '../../ui/Spinner';
import { RetryNotice } from '../../ui/RetryNotice';
import { errorMessage } from '../../api/http';
import { FormAlert } from '../../ui/FormAlert';
import { useRequest } from '../../ui/useRequest';
import { securityKeys } from './securityKeys';
import { EnrolTwoStep } from './EnrolTwoStep';
import { RecoveryCodes } from './RecoveryCodes';
import { TurnOffTwoStep } from './TurnOffTwoStep';
import './security.css';

/** Account > Two-Step Sign-In: off (explain, turn on), enrolling (QR code and first code), on (status, turn off). */
export default function TwoStepDrawer(_props: OverlayProps) {
  const { api } = useStores();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: securityKeys.twoStep(), queryFn: api.twoStepStatus });
  const start = useRequest(api.startTwoStep);
  const [enrolment, setEnrolment] = useState<TwoStepEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [turnedOff, setTurnedOff] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.twoStep() });

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  if (enrolment) {
    return (
      <EnrolTwoStep
        enrolment={enrolment}
        onCancel={() => setEnrolment(null)}
        onEnabled={(codes) => {
          setEnrolment(null);
          setRecoveryCodes(codes);
          void refresh();
        }}
      />
    );
  }
  if (status.isPending) return <Spinner label="Loading two-step sign-in" />;
  if (status.isError)
    return (
      <RetryNotice
        title="Two-step sign-in cannot be shown"
        message={errorMessage(status.error)}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  if (status.data.enabled) {
    return (
      <TurnOffTwoStep
        recoveryCodesLeft={status.data.recoveryCodesLeft}
        onTurnedOff={() => {
          setTurnedOff(true);
          void refresh();
        }}
      />
    );
  }

  return (
    <div className="security">
      {turnedOff && (
        <FormAlert tone="success">Two-step sign-in is now off. Signing in needs only your password.</FormAlert>
      )}
      <p>
        Two-step sign-in protects your account and your money even if someone learns your password. When it is on,
        signing in asks for your password and then a 6-digit code from an authenticator app on your phone, such as
        Google Authenticator, Microsoft Authenticator or 1Password.
      </p>
      <p className="security__state">
        Two-step sign-in is <strong>off</strong>.
      </p>
      <FormAlert>{start.error}</FormAlert>
      <button
        type="button"
        className="button button--primary button--block"
        disabled={start.loading}
        aria-busy={start.loading || undefined}
        onClick={async () => {
          const started = await start.run();
          if (started) setEnrolment(started);
        }}
      >
        {start.loading ? 'Preparing...' : 'Turn on two-step sign-in'}
      </button>
    </div>
  );
}
