import { useEffect, useMemo, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useStores } from '../../stores/context';
import { paymentKeys, paymentsApi } from '../../api/payments';
import { SubmissionKeys, type Submission } from '../../api/idempotency';
import { errorMessage } from '../../api/http';
import { QUICK_PICKS, type PaymentResult } from '../../contract/payments';
import { formatPence, type Pence } from '../../lib/money';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { QuickPicks } from '../../ui/QuickPicks';
import { Spinner } from '../../ui/Spinner';
import { StatusScreen } from '../../ui/StatusScreen';
import { SubmitButton } from '../../ui/SubmitButton';
import { filtered, useZodForm } from '../../ui/form';
import { cleanDepositInput, depositFormSchema, isLimitExceeded } from './amount';
import { POPUP_BLOCKED, listenForPaymentResult, openBlankPaymentWindow, paymentPageUrl } from './paymentWindow';
import { historyKeys } from '../history/query';
import './deposit.css';

export const OFFLINE_DEPOSIT = 'You are offline. Deposits need a connection.';
export const LIMIT_TEXT = 'This amount will take you over your set deposit limit';
export const FAILED_TEXT = 'Sorry there was a problem with your deposit. Please try again or contact customer services';
const POPUP_CLOSED_GRACE_MS = 1_500;

type Step =
  | { name: 'form'; notice?: string }
  | { name: 'sending' }
  | { name: 'popup' }
  | { name: 'success' }
  | { name: 'failed' }
  | { name: 'limit' }
  | { name: 'error'; message: string; error?: unknown };

type DepositBody = { amount: Pence; storeCard: boolean };
interface Attempt {
  submission: Submission<DepositBody>;
  savedCard: boolean;
}

/** The deposit screen of spec 001: amount, saved or new card, the provider's payment window and every outcome. */
export const DepositForm = observer(function DepositForm() {
  const { http, db, balance, session, network, overlays, limits } = useStores();
  const queryClient = useQueryClient();
  const api = useMemo(() => paymentsApi(http), [http]);
  const keys = useMemo(() => new SubmissionKeys(db.pendingSubmissions), [db]);
  const card = useQuery({ queryKey: paymentKeys.card(), queryFn: api.card, enabled: network.online });
  const [step, setStep] = useState<Step>({ name: 'form' });
  const lastAttempt = useRef<Attempt | null>(null);
  const popupRef = useRef<Window | null>(null);
  const stopWaiting = useRef<() => void>(() => {});
  useEffect(() => () => stopWaiting.current(), []);

  const form = useZodForm(depositFormSchema, { defaultValues: { amount: '', card: 'new', storeCard: false } });
  const { register, handleSubmit, setValue, watch, formState } = form;
  const hasSavedCard = Boolean(card.data?.maskedPan);
  useEffect(() => {
    if (hasSavedCard) setValue('card', 'saved');
  }, [hasSavedCard, setValue]);
  const userId = session.user?.id ?? card.data?.userId;
  const amountInput = watch('amount');
  const useSaved = watch('card') === 'saved' && hasSavedCard;

  const refresh = () => {
    void balance.fetch();
    void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    if (userId !== undefined) void queryClient.invalidateQueries({ queryKey: historyKeys.user(userId) });
  };

  const settled = (result: { ok: true } | { ok: false; error: string }) => {
    stopWaiting.current();
    popupRef.current?.close();
    refresh();
    if (result.ok) setStep({ name: 'success' });
    else setStep(isLimitExceeded(result.error) ? { name: 'limit' } : { name: 'failed' });
  };

  const failed = (error: unknown) => {
    const message = errorMessage(error);
    setStep(isLimitExceeded(message) ? { name: 'limit' } : { name: 'error', message, error });
  };

  const fromSavedCard = async (attempt: Attempt) => {
    setStep({ name: 'sending' });
    try {
      const result: PaymentResult = await keys.send(attempt.submission, (key, body) => api.depositWithSavedCard({ amount: body.amount }, key));
      balance.set(result.balance);
      if (result.status === 'Failed') settled({ ok: false, error: result.error ?? '' });
      else settled({ ok: true });
    } catch (error) {
      failed(error);
    }
  };

  const throughPaymentWindow = async (attempt: Attempt) => {
    const popup = openBlankPaymentWindow();
    if (!popup) {
      setStep({ name: 'error', message: POPUP_BLOCKED });
      return;
    }
    popupRef.current = popup;
    setStep({ name: 'popup' });
    try {
      const { paymentForm } = await keys.send(attempt.submission, (key, body) => api.depositForm(body, key));
      stopWaiting.current();
      const stopListening = listenForPaymentResult(window, paymentForm, popup, (message) =>
        settled(message.status === 'success' ? { ok: true } : { ok: false, error: message.error }),
      );
      // A window closed without a result moves nothing; the customer is back at the form.
      let closedAt: number | null = null;
      const watchClosed = window.setInterval(() => {
        if (!popup.closed) return;
        closedAt ??= Date.now();
        if (Date.now() - closedAt < POPUP_CLOSED_GRACE_MS) return;
        stopWaiting.current();
        setStep({ name: 'form', notice: 'The payment window was closed before the payment finished.' });
      }, 500);
      stopWaiting.current = () => {
        stopListening();
        window.clearInterval(watchClosed);
        stopWaiting.current = () => {};
      };
      popup.location.href = paymentPageUrl(paymentForm, window.location.origin);
    } catch (error) {
      popup.close();
      failed(error);
    }
  };

  const run = (attempt: Attempt) => {
    lastAttempt.current = attempt;
    if (attempt.savedCard) void fromSavedCard(attempt);
    else void throughPaymentWindow(attempt);
  };

  const onSubmit = handleSubmit((values) => {
    if (!network.online || userId === undefined) return;
    const savedCard = values.card === 'saved' && hasSavedCard;
    const body: DepositBody = { amount: values.amount, storeCard: !savedCard && values.storeCard };
    run({ savedCard, submission: keys.create(userId, savedCard ? 'deposit_js' : 'deposit', body) });
  });

  const backToForm = () => setStep({ name: 'form' });

  if (step.name === 'success') {
    return (
      <StatusScreen icon="success" heading="Deposit Successful" onPrimary={() => overlays.close()} primaryText="Done">
        <p>
          Your new balance is <strong data-testid="deposit-new-balance">{formatPence(balance.balance, balance.currency)}</strong>
        </p>
      </StatusScreen>
    );
  }
  if (step.name === 'limit') {
    return (
      <StatusScreen
        icon="error"
        heading="Deposit Failed"
        onPrimary={() => overlays.open('account_responsible-gambling_deposit-limits')}
        primaryText="Deposit Limits"
        onCancel={() => {
          refresh();
          void limits.load();
          backToForm();
        }}
      >
        <p role="alert">{LIMIT_TEXT}</p>
      </StatusScreen>
    );
  }
  if (step.name === 'failed') {
    return (
      <StatusScreen icon="error" heading="Deposit Failed" onPrimary={backToForm} primaryText="Try Again" onCancel={() => overlays.open('account')}>
        <p role="alert">{FAILED_TEXT}</p>
      </StatusScreen>
    );
  }
  if (step.name === 'error') {
    return (
      <StatusScreen
        icon="error"
        heading="Error"
        onPrimary={() => {
          const attempt = lastAttempt.current;
          if (!attempt || !network.online) return backToForm();
          run({ ...attempt, submission: keys.retry(attempt.submission, step.error) });
        }}
        primaryText="Try again"
        onCancel={backToForm}
      >
        <p role="alert">{step.message}</p>
      </StatusScreen>
    );
  }
  if (step.name === 'popup') {
    return (
      <div className="status-screen" role="status">
        <Spinner label="Waiting for the payment" />
        <p>Complete your payment in the window that has opened.</p>
        <button
          type="button"
          className="button button--block"
          onClick={() => {
            stopWaiting.current();
            popupRef.current?.close();
            backToForm();
          }}
        >
          Cancel
        </button>
      </div>
    );
  }
  if (step.name === 'sending') return <Spinner label="Processing your deposit" />;
  if (network.online && card.isPending) return <Spinner />;
  if (network.online && card.isError) {
    return (
      <StatusScreen icon="error" heading="Error" onPrimary={() => void card.refetch()} primaryText="Retry">
        <p role="alert">{[balance.error, errorMessage(card.error)].filter(Boolean).join(' | ')}</p>
      </StatusScreen>
    );
  }

  const amountPence = amountInput === '' ? undefined : Number(amountInput) * 100;
  return (
    <form className="form deposit-form" onSubmit={onSubmit} noValidate>
      {!network.online && <FormAlert tone="info">{OFFLINE_DEPOSIT}</FormAlert>}
      {step.notice && <FormAlert tone="info">{step.notice}</FormAlert>}
      <Field
        label="Deposit amount (£)"
        inputMode="numeric"
        autoComplete="off"
        placeholder="0"
        error={formState.errors.amount?.message}
        {...filtered(register('amount'), cleanDepositInput)}
      />
      <QuickPicks amounts={[...QUICK_PICKS]} selected={amountPence} label="Quick deposit amounts" onPick={(amount) => setValue('amount', String(amount / 100), { shouldValidate: true })} />
      {hasSavedCard && (
        <fieldset className="field deposit-form__cards">
          <legend className="field__label">Pay with</legend>
          <label className="checkbox">
            <input type="radio" value="saved" {...register('card')} />
            <span>Saved card {card.data?.maskedPan}</span>
          </label>
          <label className="checkbox">
            <input type="radio" value="new" {...register('card')} />
            <span>A new card</span>
          </label>
        </fieldset>
      )}
      {!useSaved && (
        <label className="checkbox">
          <input type="checkbox" {...register('storeCard')} />
          <span>Save this card for future deposits</span>
        </label>
      )}
      <SubmitButton disabled={!network.online || userId === undefined}>Deposit</SubmitButton>
    </form>
  );
});
