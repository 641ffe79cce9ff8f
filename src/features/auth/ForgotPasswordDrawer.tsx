import { useStores } from '../../stores/context';
import { forgotPasswordRequest } from '../../contract/auth';
import { stripEmailCharacters } from '../../contract/common';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { StatusScreen } from '../../ui/StatusScreen';
import { SubmitButton } from '../../ui/SubmitButton';
import { filtered, useZodForm } from '../../ui/form';
import { useRequest } from '../../ui/useRequest';

export default function ForgotPasswordDrawer() {
  const { api, overlays } = useStores();
  const { register, handleSubmit, formState, getValues } = useZodForm(forgotPasswordRequest, {
    mode: 'onBlur',
    defaultValues: { email: '' },
  });
  const request = useRequest(api.forgotPassword);

  if (request.status === 'success') {
    return (
      <StatusScreen
        icon="success"
        heading="Reset Link Sent"
        onPrimary={() => overlays.open('login')}
        primaryText="Back to Login"
      >
        <p>
          If an account exists for <strong>{getValues('email')}</strong>, we have sent it a link to reset your password.
          The link works once, within 1 hour.
        </p>
      </StatusScreen>
    );
  }

  return (
    <form
      className="form"
      onSubmit={handleSubmit((values) => request.run(values))}
      noValidate
      aria-label="Forgot password"
    >
      <p>Enter the e-mail address of your account and we will send you a link to reset your password.</p>
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        {...filtered(register('email'), stripEmailCharacters)}
        error={formState.errors.email?.message}
      />
      <FormAlert>{request.error}</FormAlert>
      <SubmitButton loading={request.loading} loadingText="Sending...">
        Send reset link
      </SubmitButton>
      <button type="button" className="button button--link" onClick={() => overlays.open('login')}>
        Back to Login
      </button>
    </form>
  );
}
