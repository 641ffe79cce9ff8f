import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useStores } from '../../stores/context';
import { paymentKeys, paymentsApi } from '../../api/payments';
import { SubmissionKeys, type Submission } from '../../api/idempotency';
import { errorMessage } from '../../api/http';
import type { Pence } from '../../contract/rules/money';
import { historyKeys } from '../history/query';
import { isLimitExceeded } from './amount';
import { POPUP_BLOCKED, listenForPaymentResult, openBlankPaymentWindow, paymentPageUrl } from './paymentWindow';

const POPUP_CLOSED_GRACE_MS = 1_500;
const POPUP_CLOSED_NOTICE = 'The payment window was closed before the payment finished.';

export type DepositStep =
  | { name: 'form'; notice?: string }
  | { name: 'sending' }
  | { name: 'popup' }
  | { name: 'success' }
  | { name: 'failed'; reason?: string }
  | { name: 'limit' }
  | { name: 'error'; message: string; error?: unknown };

export type DepositBody = { amount: Pence; storeCard: boolean };
interface Attempt {
  submission: Submission<DepositBody>;
  savedCard: boolean;
}

/**
 * The states of one deposit: a saved-card deposit settles in one request; a new card goes through the
 * provider's page in a popup, whose window message (from the providers' origin only) gives the outcome.
 */
export function useDepositFlow() {
  const { http, db, balance, session } = useStores();
  const queryClient = useQueryClient();
  const api = useMemo(() => paymentsApi(http), [http]);
  const keys = useMemo(() => new SubmissionKeys(db.pendingSubmissions), [db]);
  const [step, setStep] = useState<DepositStep>({ name: 'form' });
  const lastAttempt = useRef<Attempt | null>(null);
  const popupRef = useRef<Window | null>(null);
  const stopWaiting = useRef<() => void>(() => {});
  useEffect(() => () => stopWaiting.current(), []);

  const refresh = () => {
    void balance.fetch();
    void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    const userId = session.user?.id;
    if (userId !== undefined) void queryClient.invalidateQueries({ queryKey: historyKeys.user(userId) });
  };

  const settled = (result: { ok: true } | { ok: false; error: string }) => {
    stopWaiting.current();
    popupRef.current?.close();
    refresh();
    if (result.ok) setStep({ name: 'success' });
    else
      setStep(
        isLimitExceeded(result.error) ? { name: 'limit' } : { name: 'failed', reason: result.error || undefined },
      );
  };

  const failed = (error: unknown) => {
    const message = errorMessage(error);
    setStep(isLimitExceeded(message) ? { name: 'limit' } : { name: 'error', message, error });
  };

  const fromSavedCard = async (attempt: Attempt) => {
    setStep({ name: 'sending' });
    try {
      const result = await keys.send(attempt.submission, (key, body) =>
        api.depositWithSavedCard({ amount: body.amount }, key),
      );
      balance.set(result.balance);
      settled(result.status === 'Failed' ? { ok: false, error: result.error ?? '' } : { ok: true });
    } catch (error) {
      failed(error);
    }
  };

  const watchPopup = (popup: Window, paymentForm: string) => {
    const stopListening = listenForPaymentResult(window, paymentForm, popup, (message) =>
      settled(message.status === 'success' ? { ok: true } : { ok: false, error: message.error }),
    );
    // A window closed without a result moved nothing; the customer is back at the form.
    let closedAt: number | null = null;
    const watchClosed = window.setInterval(() => {
      if (!popup.closed) return;
      closedAt ??= Date.now();
      if (Date.now() - closedAt < POPUP_CLOSED_GRACE_MS) return;
      stopWaiting.current();
      setStep({ name: 'form', notice: POPUP_CLOSED_NOTICE });
    }, 500);
    stopWaiting.current = () => {
      stopListening();
      window.clearInterval(watchClosed);
      stopWaiting.current = () => {};
    };
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
      watchPopup(popup, paymentForm);
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

  return {
    api,
    step,
    refresh,
    start(userId: number, body: DepositBody, savedCard: boolean) {
      run({ savedCard, submission: keys.create(userId, savedCard ? 'deposit_js' : 'deposit', body) });
    },
    /** 'Try again' on the error screen: the last request again (same key unless the server refused it). */
    tryAgain() {
      const attempt = lastAttempt.current;
      if (!attempt) return setStep({ name: 'form' });
      run({ ...attempt, submission: keys.retry(attempt.submission, step.name === 'error' ? step.error : undefined) });
    },
    cancelPopup() {
      stopWaiting.current();
      popupRef.current?.close();
      setStep({ name: 'form' });
    },
    backToForm: () => setStep({ name: 'form' }),
  };
}
