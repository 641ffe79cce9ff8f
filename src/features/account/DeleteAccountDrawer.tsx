import { useId } from 'react';
import { z } from 'zod';
import { observer } from 'mobx-react-lite';
import { Info, Wallet } from 'lucide-react';
import { formatPence } from '../../contract/rules/money';
import { useStores } from '../../stores/context';
import type { OverlayProps } from '../../overlays/types';
import { HttpError, errorMessage } from '../../api/http';
import {
  CANNOT_DELETE_TEXT,
  DELETE_ACCOUNT_HEADING,
  DELETE_REFUSAL_CODES,
  deleteAccountRequest,
} from '../../contract/account';
import { PasswordInput } from '../../ui/PasswordInput';
import { StatusScreen } from '../../ui/StatusScreen';
import { ErrorScreen } from '../../ui/ErrorScreen';
import { SubmitButton } from '../../ui/SubmitButton';
import { useZodForm } from '../../ui/form';
import { useRequest } from '../../ui/useRequest';
import { useAccountApi } from './useAccountApi';

/** WalletNotZero and UserHasOpenBets read as one sentence naming both reasons; anything else as returned. */
export function deleteErrorMessage(error: unknown): string {
  if (error instanceof HttpError && (DELETE_REFUSAL_CODES as readonly string[]).includes(error.code ?? ''))
    return CANNOT_DELETE_TEXT;
  return errorMessage(error);
}

const isWrongPassword = (error: unknown) => error instanceof HttpError && error.code === 'WrongPassword';

export default observer(function DeleteAccountDrawer({ data }: OverlayProps<{ deleted?: boolean }>) {
  const { session, overlays, balance } = useStores();
  const api = useAccountApi();
  const { register, handleSubmit, formState, setError } = useZodForm(deleteAccountRequest, {
    defaultValues: { password: '' },
  });
  // A wrong password is the customer's to fix in the field; only a refusal ends on the error screen.
  const send = async (values: z.output<typeof deleteAccountRequest>) => {
    try {
      return await api.deleteAccount(values);
    } catch (error) {
      if (isWrongPassword(error)) {
        setError('password', { message: errorMessage(error) }, { shouldFocus: true });
        return null;
      }
      throw error;
    }
  };
  const request = useRequest(send, deleteErrorMessage);
  const headingId = useId();

  if (data?.deleted) {
    return (
      <StatusScreen
        icon="success"
        heading="Account deleted"
        onPrimary={() => overlays.open('login')}
        primaryText="Back to Login"
      >
        <p>We are sorry to see you go</p>
      </StatusScreen>
    );
  }
  if (request.status === 'error') {
    return (
      <ErrorScreen
        heading="Unable to Delete Account"
        message={request.error ?? ''}
        onBack={request.reset}
        backText="Go Back"
      />
    );
  }

  const onSubmit = handleSubmit(async (values: z.output<typeof deleteAccountRequest>) => {
    const answer = await request.run(values);
    if (!answer) return;
    // Signing out closes every overlay; the success screen then opens on its own, signed out.
    session.signOut('accountDeleted');
    overlays.open('account_personal-details_delete-account', { deleted: true });
  });

  const hasFunds = balance.known && balance.balance > 0;
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId} className="delete-account__heading">
        {DELETE_ACCOUNT_HEADING}
      </h3>
      <div className="alert alert--info" data-testid="delete-rule">
        <Info aria-hidden="true" />
        <div>
          <p>
            <strong>Deleting your account is permanent.</strong>
          </p>
          <p>You can delete it only when you have no open bets and no funds in your wallet.</p>
        </div>
      </div>
      {hasFunds && (
        <div className="alert alert--warning delete-account__funds" data-testid="delete-funds">
          <Wallet aria-hidden="true" />
          <div>
            <p>
              Your balance is <strong>{formatPence(balance.balance, balance.currency)}</strong>
              {balance.lastKnownAt !== null ? ' (last known)' : ''}. Withdraw it first, then come back to delete your
              account.
            </p>
            <button
              type="button"
              className="button button--secondary button--sm"
              onClick={() => overlays.open('account_withdraw')}
            >
              Withdraw
            </button>
          </div>
        </div>
      )}
      <PasswordInput
        label="Password"
        hint="Enter your password to confirm."
        autoComplete="current-password"
        {...register('password')}
        error={formState.errors.password?.message}
      />
      <SubmitButton tone="danger" loading={request.loading} loadingText="Deleting...">
        Delete account
      </SubmitButton>
    </form>
  );
});
