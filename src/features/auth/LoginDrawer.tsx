import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { looksLikeEmail } from '../../contract/common';
import { Field } from '../../ui/Field';
import { PasswordInput } from '../../ui/PasswordInput';
import { FormAlert } from '../../ui/FormAlert';
import { SubmitButton } from '../../ui/SubmitButton';
import { useZodForm } from '../../ui/form';
import { loginForm, type LoginForm } from './schemas';
import './auth.css';
import { describeLoginError, isTwoStepRequired, type LoginError } from './loginError';
import { LoginErrorText } from './LoginErrorText';
import { TwoStepCodeStep } from './TwoStepCodeStep';

const LoginDrawer = observer(function LoginDrawer() {
  const { session, overlays } = useStores();
  const [serverError, setServerError] = useState<LoginError | null>(null);
  /** Set once the password was right for an account with two-step sign-in: the code is asked for next. */
  const [awaitingCode, setAwaitingCode] = useState<LoginForm | null>(null);
  const { register, handleSubmit, watch, formState } = useZodForm(loginForm, {
    defaultValues: { email: '', password: '' },
  });
  const email = watch('email') ?? '';
  const emailField = register('email');

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await session.login(values);
      overlays.closeNamed('login');
    } catch (error) {
      if (isTwoStepRequired(error)) setAwaitingCode(values);
      else setServerError(describeLoginError(error));
    }
  });

  if (awaitingCode)
    return (
      <TwoStepCodeStep
        credentials={awaitingCode}
        onBack={() => setAwaitingCode(null)}
        onSignedIn={() => overlays.closeNamed('login')}
      />
    );

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
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        {...register('password')}
        error={formState.errors.password?.message}
      />
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
