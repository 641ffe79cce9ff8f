import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { looksLikeEmail } from '../../contract/common';
import { Field } from '../../ui/Field';
import { PasswordInput } from '../../ui/PasswordInput';
import { FormAlert } from '../../ui/FormAlert';
import { SubmitButton } from '../../ui/SubmitButton';
import { useZodForm } from '../../ui/form';
import { useSupportEmail } from '../../app/useSupportEmail';
import { loginForm } from './schemas';
import './auth.css';
import { describeLoginError, EXCLUDED_BALANCE_TEXT, SUSPENDED_LOGIN_TEXT, type LoginError } from './loginError';

function LoginErrorText({ error }: { error: LoginError }) {
  const supportEmail = useSupportEmail();
  if (error.kind === 'message') return <>{error.text}</>;
  if (error.kind === 'excluded') {
    return (
      <>
        <p>{error.text}</p>
        <p>
          {EXCLUDED_BALANCE_TEXT} at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      </>
    );
  }
  return (
    <>
      {SUSPENDED_LOGIN_TEXT} at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
    </>
  );
}

const LoginDrawer = observer(function LoginDrawer() {
  const { session, overlays } = useStores();
  const [serverError, setServerError] = useState<LoginError | null>(null);
  const { register, handleSubmit, watch, formState } = useZodForm(loginForm, { defaultValues: { email: '', password: '' } });
  const email = watch('email') ?? '';
  const emailField = register('email');

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await session.login(values);
      overlays.closeNamed('login');
    } catch (error) {
      setServerError(describeLoginError(error));
    }
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Login">
      <Field
        label="Email"
        type="email"
        autoComplete="username"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        {...emailField}
        onChange={(event) => {
          setServerError(null);
          return emailField.onChange(event);
        }}
        valid={looksLikeEmail(email)}
        error={formState.errors.email?.message}
      />
      <PasswordInput label="Password" autoComplete="current-password" {...register('password')} error={formState.errors.password?.message} />
      <FormAlert>{serverError && <LoginErrorText error={serverError} />}</FormAlert>
      <SubmitButton loading={formState.isSubmitting}>Login</SubmitButton>
      <p className="auth-links">
        <button type="button" className="button button--link" onClick={() => overlays.open('forgot-password')}>
          Forgot password
        </button>
      </p>
      <p className="auth-links">
        Not a member yet?{' '}
        <button type="button" className="button button--link" onClick={() => overlays.open('register')}>
          Register now
        </button>
      </p>
    </form>
  );
});

export default LoginDrawer;
