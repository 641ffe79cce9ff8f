import { z } from 'zod';
import { useStores } from '../../stores/context';
import type { OverlayProps } from '../../overlays/registry';
import { HttpError, errorMessage } from '../../api/http';
import { CANNOT_DELETE_TEXT, DELETE_REFUSAL_CODES, deleteAccountRequest } from '../../contract/account';
import { PasswordInput } from '../../ui/PasswordInput';
import { StatusScreen } from '../../ui/StatusScreen';
import { ErrorScreen } from '../../ui/ErrorScreen';
import { SubmitButton } from '../../ui/SubmitButton';
import { useZodForm } from '../../ui/form';
import { useRequest } from '../../ui/useRequest';
import { useAccountApi } from './useAccountApi';

/** WalletNotZero and UserHasOpenBets read as one sentence naming both reasons; anything else as returned. */
export function deleteErrorMessage(error: unknown): string {
  if (error instanceof HttpError && (DELETE_REFUSAL_CODES as readonly string[]).includes(error.code ?? '')) return CANNOT_DELETE_TEXT;
  return errorMessage(error);
}

export default function DeleteAccountDrawer({ data }: OverlayProps<{ deleted?: boolean }>) {
  const { session, overlays } = useStores();
  const api = useAccountApi();
  const { register, handleSubmit, formState } = useZodForm(deleteAccountRequest, { defaultValues: { password: '' } });
  const request = useRequest(api.deleteAccount, deleteErrorMessage);

  if (data?.deleted) {
    return (
      <StatusScreen icon="success" heading="Account deleted" onPrimary={() => overlays.open('login')} primaryText="Back to Login">
        <p>We are sorry to see you go</p>
      </StatusScreen>
    );
  }
  if (request.status === 'error') {
    return <ErrorScreen heading="Unable to Delete Account" message={request.error ?? ''} onBack={request.reset} backText="Go Back" />;
  }

  const onSubmit = handleSubmit(async (values: z.output<typeof deleteAccountRequest>) => {
    const answer = await request.run(values);
    if (!answer) return;
    // Signing out closes every overlay; the success screen then opens on its own, signed out.
    session.signOut('accountDeleted');
    overlays.open('account_personal-details_delete-account', { deleted: true });
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Delete account">
      <p>Deleting your account is permanent. You can delete it only when you have no open bets and no funds in your wallet. Enter your password to confirm.</p>
      <PasswordInput label="Password" autoComplete="current-password" {...register('password')} error={formState.errors.password?.message} />
      <SubmitButton loading={request.loading} loadingText="Deleting...">
        Delete account
      </SubmitButton>
    </form>
  );
}
