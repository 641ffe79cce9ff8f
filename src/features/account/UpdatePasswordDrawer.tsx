import { useStores } from '../../stores/context';
import type { OverlayProps } from '../../overlays/types';
import { PasswordInput } from '../../ui/PasswordInput';
import { PasswordChecklist } from '../../ui/PasswordChecklist';
import { FormAlert } from '../../ui/FormAlert';
import { StatusScreen } from '../../ui/StatusScreen';
import { SubmitButton } from '../../ui/SubmitButton';
import { useZodForm } from '../../ui/form';
import { useRequest } from '../../ui/useRequest';
import { updatePasswordForm } from './schemas';

export default function UpdatePasswordDrawer(_props: OverlayProps) {
  const { api, overlays } = useStores();
  const { register, handleSubmit, formState, watch } = useZodForm(updatePasswordForm, {
    mode: 'onBlur',
    defaultValues: { password: '', newPassword: '', newPasswordRepeated: '' },
  });
  const request = useRequest(api.changePassword);
  const newPassword = watch('newPassword') ?? '';

  if (request.status === 'success') {
    return (
      <StatusScreen
        icon="success"
        heading="Password successfully updated"
        onPrimary={() => overlays.open('account_personal-details')}
      />
    );
  }

  return (
    <form
      className="form"
      onSubmit={handleSubmit((values) => request.run(values))}
      noValidate
      aria-label="Update password"
    >
      <PasswordInput
        label="Current password"
        autoComplete="current-password"
        {...register('password')}
        error={formState.errors.password?.message}
      />
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        {...register('newPassword')}
        aria-describedby="update-password-checklist"
        error={formState.errors.newPassword?.message}
      />
      <PasswordChecklist id="update-password-checklist" password={newPassword} />
      <PasswordInput
        label="Repeat new password"
        autoComplete="new-password"
        {...register('newPasswordRepeated')}
        error={formState.errors.newPasswordRepeated?.message}
      />
      <SubmitButton loading={request.loading} loadingText="Updating...">
        Update
      </SubmitButton>
      <FormAlert>{request.error}</FormAlert>
    </form>
  );
}
