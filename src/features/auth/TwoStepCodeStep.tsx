import { useState } from 'react';
import { useStores } from '../../stores/context';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { SubmitButton } from '../../ui/SubmitButton';
import { useZodForm } from '../../ui/form';
import { twoStepCodeForm } from './schemas';
import type { LoginForm } from './schemas';
import { describeLoginError, type LoginError } from './loginError';
import { LoginErrorText } from './LoginErrorText';

/** The login drawer's second step: the authenticator's code, or a recovery code, with the password already given. */
export function TwoStepCodeStep({
  credentials,
  onBack,
  onSignedIn,
}: {
  credentials: LoginForm;
  onBack: () => void;
  onSignedIn: () => void;
}) {
  const { session } = useStores();
  const [recovery, setRecovery] = useState(false);
  const [serverError, setServerError] = useState<LoginError | null>(null);
  const { register, handleSubmit, formState, reset } = useZodForm(twoStepCodeForm, { defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    setServerError(null);
    try {
      await session.login({ ...credentials, code });
      onSignedIn();
    } catch (error) {
      setServerError(describeLoginError(error));
      reset({ code: '' });
    }
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Two-step sign-in">
      <p id="two-step-explainer">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned two-step sign-in on. Each code works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for ExSport.'}
      </p>
      <Field
        key={recovery ? 'recovery' : 'app'}
        label={recovery ? 'Recovery code' : 'Code from your app'}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize={recovery ? 'characters' : 'none'}
        spellCheck={false}
        autoFocus
        aria-describedby="two-step-explainer"
        {...register('code')}
        error={formState.errors.code?.message}
      />
      <FormAlert>{serverError && <LoginErrorText error={serverError} />}</FormAlert>
      <SubmitButton loading={formState.isSubmitting} loadingText="Checking...">
        Continue
      </SubmitButton>
      <p className="auth-links">
        <button type="button" className="button button--link" onClick={() => setRecovery(!recovery)}>
          {recovery ? 'Use the code from my app' : 'Use a recovery code instead'}
        </button>
      </p>
      <p className="auth-links">
        <button type="button" className="button button--link" onClick={onBack}>
          Back to email and password
        </button>
      </p>
    </form>
  );
}
