import { useStores } from '../../stores/context';
import { Field } from '../../ui/Field';
import { PasswordInput } from '../../ui/PasswordInput';
import { FormAlert } from '../../ui/FormAlert';
import { SubmitButton } from '../../ui/SubmitButton';
import { useZodForm } from '../../ui/form';
import { useRequest } from '../../ui/useRequest';
import { disableTwoStepRequest } from '../../contract/auth';

/** Two-step sign-in is on: how many recovery codes are left, and turning it off with the password and a code. */
export function TurnOffTwoStep({
  recoveryCodesLeft,
  onTurnedOff,
}: {
  recoveryCodesLeft: number;
  onTurnedOff: () => void;
}) {
  const { api } = useStores();
  const turnOff = useRequest(api.disableTwoStep);
  const { register, handleSubmit, formState, resetField } = useZodForm(disableTwoStepRequest, {
    defaultValues: { password: '', code: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (await turnOff.run(values)) onTurnedOff();
    else resetField('code');
  });

  return (
    <div className="security">
      <p className="security__state" data-testid="two-step-state">
        Two-step sign-in is <strong>on</strong>. Signing in asks for a code from your authenticator app.
      </p>
      <p>
        {recoveryCodesLeft === 1 ? '1 recovery code is' : `${recoveryCodesLeft} recovery codes are`} left.
        {recoveryCodesLeft <= 2 && ' To get new ones, turn two-step sign-in off and on again.'}
      </p>
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Turn off two-step sign-in">
        <h3 className="security__heading">Turn off two-step sign-in</h3>
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          {...register('password')}
          error={formState.errors.password?.message}
        />
        <Field
          label="Code from your app, or a recovery code"
          autoComplete="one-time-code"
          spellCheck={false}
          {...register('code')}
          error={formState.errors.code?.message}
        />
        <FormAlert>{turnOff.error}</FormAlert>
        <SubmitButton tone="danger" loading={turnOff.loading} loadingText="Turning off...">
          Turn off
        </SubmitButton>
      </form>
    </div>
  );
}
