import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useStores } from '../../stores/context';
import { paymentKeys, paymentsApi } from '../../api/payments';
import { SubmissionKeys, type Submission } from '../../api/idempotency';
import { errorMessage } from '../../api/http';
import type { Pence } from '../../contract/rules/money';
import { historyKeys } from '../history/query';
import { walletSheetMessage, type Wallet, type WalletDepositRequest } from '../../contract/payments';
import { isLimitExceeded } from './amount';
import { POPUP_BLOCKED, listenForPaymentResult, openBlankPaymentWindow, paymentPageUrl } from './paymentWindow';

const POPUP_CLOSED_GRACE_MS = 1_500;
const POPUP_CLOSED_NOTICE = 'The payment window was closed before the payment finished.';
const WALLET_CANCELLED_NOTICE = 'The wallet payment was cancelled. Nothing was charged.';

export type DepositStep =
  | { name: 'form'; notice?: string }
  | { name: 'sending' }
  | { name: 'popup' }
  | { name: 'success' }
  | { name: 'failed'; reason?: string }
  | { name: 'limit'; message?: string }
  | { name: 'error'; message: string; error?: unknown };

export type DepositBody = { amount: Pence; storeCard: boolean };
/** A card deposit, a wallet's sheet to open, or a wallet token to charge (retried with its own key). */
type Attempt =
  | { via: 'card'; submission: Submission<DepositBody>; savedCard: boolean }
  | { via: 'wallet-sheet'; userId: number; wallet: Wallet; amount: Pence }
  | { via: 'wallet-token'; submission: Submission<WalletDepositRequest> };

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
        isLimitExceeded(result.error)
          ? { name: 'limit', message: result.error }
          : { name: 'failed', reason: result.error || undefined },
      );
  };

  const failed = (error: unknown) => {
    const message = errorMessage(error);
    setStep(isLimitExceeded(message) ? { name: 'limit', message } : { name: 'error', message, error });
  };

  const fromSavedCard = async (attempt: Extract<Attempt, { via: 'card' }>) => {
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

  const watchPopup = (popup: Window, stopListening: () => void) => {
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

  /** The provider's window, opened blank within the press (browsers block one opened later), or the blocked message. */
  const openPaymentPopup = () => {
    const popup = openBlankPaymentWindow();
    if (!popup) {
      setStep({ name: 'error', message: POPUP_BLOCKED });
      return undefined;
    }
    popupRef.current = popup;
    setStep({ name: 'popup' });
    return popup;
  };

  const throughPaymentWindow = async (attempt: Extract<Attempt, { via: 'card' }>) => {
    const popup = openPaymentPopup();
    if (!popup) return;
    try {
      const { paymentForm } = await keys.send(attempt.submission, (key, body) => api.depositForm(body, key));
      stopWaiting.current();
      watchPopup(
        popup,
        listenForPaymentResult(window, paymentForm, popup, (message) =>
          settled(message.status === 'success' ? { ok: true } : { ok: false, error: message.error }),
        ),
      );
      popup.location.href = paymentPageUrl(paymentForm, window.location.origin);
    } catch (error) {
      popup.close();
      failed(error);
    }
  };

  const chargeWalletToken = async (attempt: Extract<Attempt, { via: 'wallet-token' }>) => {
    lastAttempt.current = attempt;
    setStep({ name: 'sending' });
    try {
      const result = await keys.send(attempt.submission, (key, body) => api.depositWithWallet(body, key));
      balance.set(result.balance);
      settled(result.status === 'Failed' ? { ok: false, error: result.error ?? '' } : { ok: true });
    } catch (error) {
      failed(error);
    }
  };

  /** The wallet's sheet in a popup on the providers' origin; the token it gives is charged at once. */
  const throughWalletSheet = async (attempt: Extract<Attempt, { via: 'wallet-sheet' }>) => {
    const popup = openPaymentPopup();
    if (!popup) return;
    try {
      const { sheetUrl } = await api.walletSheet({ wallet: attempt.wallet, amount: attempt.amount });
      stopWaiting.current();
      const stopListening = listenForPaymentResult(
        window,
        sheetUrl,
        popup,
        (message) => {
          stopWaiting.current();
          popup.close();
          if (message.status === 'cancelled') return setStep({ name: 'form', notice: WALLET_CANCELLED_NOTICE });
          const body = { amount: attempt.amount, wallet: attempt.wallet, token: message.token };
          void chargeWalletToken({
            via: 'wallet-token',
            submission: keys.create(attempt.userId, 'deposit_wallet', body),
          });
        },
        walletSheetMessage,
      );
      watchPopup(popup, stopListening);
      popup.location.href = paymentPageUrl(sheetUrl, window.location.origin);
    } catch (error) {
      popup.close();
      failed(error);
    }
  };

  const run = (attempt: Attempt) => {
    lastAttempt.current = attempt;
    if (attempt.via === 'wallet-sheet') void throughWalletSheet(attempt);
    else if (attempt.via === 'wallet-token') void chargeWalletToken(attempt);
    else if (attempt.savedCard) void fromSavedCard(attempt);
    else void throughPaymentWindow(attempt);
  };

  return {
    api,
    step,
    refresh,
    start(userId: number, body: DepositBody, savedCard: boolean) {
      run({ via: 'card', savedCard, submission: keys.create(userId, savedCard ? 'deposit_js' : 'deposit', body) });
    },
    startWallet(userId: number, wallet: Wallet, amount: Pence) {
      run({ via: 'wallet-sheet', userId, wallet, amount });
    },
    /** 'Try again' on the error screen: the last request again (same key unless the server refused it). */
    tryAgain() {
      const attempt = lastAttempt.current;
      if (!attempt) return setStep({ name: 'form' });
      const lastError = step.name === 'error' ? step.error : undefined;
      if (attempt.via === 'wallet-sheet') return run(attempt);
      // A wallet token the server refused is spent or bad: a new deposit opens the sheet again.
      if (attempt.via === 'wallet-token') {
        const retry = keys.retry(attempt.submission, lastError);
        if (retry === attempt.submission) return run(attempt);
        return setStep({ name: 'form' });
      }
      run({ ...attempt, submission: keys.retry(attempt.submission, lastError) });
    },
    cancelPopup() {
      stopWaiting.current();
      popupRef.current?.close();
      setStep({ name: 'form' });
    },
    backToForm: () => setStep({ name: 'form' }),
  };
}
