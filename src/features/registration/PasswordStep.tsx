import { passwordStepSchema, type PasswordStepValues } from '../../contract/registration';
import { keepFocusOnPress } from '../../ui/keepFocusOnPress';
import { PasswordInput } from '../../ui/PasswordInput';
import { PasswordChecklist } from '../../ui/PasswordChecklist';
import { useZodForm } from '../../ui/form';

export function PasswordStep({
  defaultValues,
  onDone,
  onBack,
}: {
  defaultValues: PasswordStepValues;
  onDone: (values: PasswordStepValues) => void;
  onBack: () => void;
}) {
  const { register, handleSubmit, watch, formState } = useZodForm(passwordStepSchema, {
    defaultValues,
    mode: 'onBlur',
  });
  return (
    <form
      className="form"
      noValidate
      aria-label="Registration password"
      onMouseDown={keepFocusOnPress}
      onSubmit={handleSubmit(onDone)}
    >
      <PasswordInput
        label="Create password"
        autoComplete="new-password"
        autoFocus
        aria-describedby="registration-password-checklist"
        {...register('password')}
        error={formState.errors.password?.message}
      />
      <PasswordChecklist id="registration-password-checklist" password={watch('password') ?? ''} />
      <PasswordInput
        label="Confirm password"
        autoComplete="new-password"
        {...register('confirmPassword')}
        error={formState.errors.confirmPassword?.message}
      />
      <button type="submit" className="button button--primary button--block">
        Continue
      </button>
      <button type="button" className="button button--block" onClick={onBack}>
        Back
      </button>
    </form>
  );
}
