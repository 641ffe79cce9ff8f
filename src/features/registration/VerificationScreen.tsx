import { observer } from 'mobx-react-lite';
import { StatusScreen } from '../../ui/StatusScreen';
import { Spinner } from '../../ui/Spinner';
import type { RegistrationFlow } from './RegistrationFlow';
import { useSupportEmail } from '../../app/useSupportEmail';

/** Spec 000 section 2, step 4: Processing, Success or Fail; Continue signs in and moves to deposit limits. */
export const VerificationScreen = observer(function VerificationScreen({ flow }: { flow: RegistrationFlow }) {
  const supportEmail = useSupportEmail();
  const onContinue = () => void flow.continueAfterVerification();
  if (flow.verification === 'success') {
    return (
      <StatusScreen
        icon="success"
        heading="Verification Successful"
        onPrimary={flow.continuing ? undefined : onContinue}
      />
    );
  }
  if (flow.verification === 'fail') {
    return (
      <StatusScreen
        icon="error"
        heading="Verification Unsuccessful"
        onPrimary={flow.continuing ? undefined : onContinue}
      >
        <p>
          We could not verify your identity automatically. Please send a copy of your passport and a recent utility bill
          showing your current address to our customer services at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          .
        </p>
      </StatusScreen>
    );
  }
  return (
    <div className="status-screen">
      <Spinner label="Verifying" />
      <p role="status">Please wait while we verify your details</p>
    </div>
  );
});
