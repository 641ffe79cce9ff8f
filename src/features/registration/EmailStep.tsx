import { emailStepSchema, type EmailStepValues } from '../../contract/registration';
import { keepFocusOnPress } from '../../ui/keepFocusOnPress';
import { stripEmailCharacters } from '../../contract/common';
import { Field } from '../../ui/Field';
import { filtered, useZodForm } from '../../ui/form';

export function EmailStep({
  defaultValues,
  onDone,
  onLogin,
}: {
  defaultValues: EmailStepValues;
  onDone: (values: EmailStepValues) => void;
  onLogin: () => void;
}) {
  const { register, handleSubmit, watch, formState } = useZodForm(emailStepSchema, { defaultValues, mode: 'onBlur' });
  const email = watch('email') ?? '';
  return (
    <form
      className="form"
      noValidate
      aria-label="Registration email"
      onMouseDown={keepFocusOnPress}
      onSubmit={handleSubmit(onDone)}
    >
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
      <Field
        label="Confirm email"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        disabled={email === ''}
        {...filtered(register('confirmEmail'), stripEmailCharacters)}
        error={formState.errors.confirmEmail?.message}
      />
      <button type="submit" className="button button--primary button--block">
        Continue
      </button>
      <p className="auth-links">
        Already have an account?{' '}
        <button type="button" className="button button--link" onClick={onLogin}>
          Login
        </button>
      </p>
    </form>
  );
}
