import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import type { OverlayProps } from '../../overlays/types';
import { PasswordInput } from '../../ui/PasswordInput';
import { PasswordChecklist } from '../../ui/PasswordChecklist';
import { FormAlert } from '../../ui/FormAlert';
import { StatusScreen } from '../../ui/StatusScreen';
import { SubmitButton } from '../../ui/SubmitButton';
import { useZodForm } from '../../ui/form';
import { useRequest } from '../../ui/useRequest';
import { resetPasswordForm } from './schemas';

const MISSING_RESET_CODE = 'Reset password: no reset code was given.';

const ResetPasswordDrawer = observer(function ResetPasswordDrawer({ data }: OverlayProps<{ code?: string }>) {
  const { api, overlays, session } = useStores();
  const { register, handleSubmit, formState, watch } = useZodForm(resetPasswordForm, {
    mode: 'onBlur',
    defaultValues: { newPassword: '', repeatedPassword: '' },
  });
  const request = useRequest(api.resetPassword);
  const newPassword = watch('newPassword') ?? '';

  const onSubmit = handleSubmit(async (values) => {
    const code = data?.code;
    if (!code) {
      // Spec 000 section 4: a missing code is only logged; there is nothing to send.
      console.error(MISSING_RESET_CODE);
      return;
    }
    await request.run({ code, ...values });
  });

  if (request.status === 'success') {
    return (
      <StatusScreen
        icon="success"
        heading="Password successfully reset"
        onPrimary={() => (session.isLoggedIn ? overlays.closeAll() : overlays.open('login'))}
      >
        <p>You can now log in with your new password.</p>
      </StatusScreen>
    );
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Reset password">
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        {...register('newPassword')}
        aria-describedby="reset-password-checklist"
        error={formState.errors.newPassword?.message}
      />
      <PasswordChecklist id="reset-password-checklist" password={newPassword} />
      <PasswordInput
        label="Repeat password"
        autoComplete="new-password"
        {...register('repeatedPassword')}
        error={formState.errors.repeatedPassword?.message}
      />
      <FormAlert>{request.error}</FormAlert>
      <SubmitButton loading={request.loading} loadingText="Resetting...">
        Reset password
      </SubmitButton>
    </form>
  );
});

export default ResetPasswordDrawer;
