import { useId, useState } from 'react';
import { useBets, useSportsbook } from '../app/context';
import { useWatch } from '../../ui/frame/Observable';
import { CASH_OUT_MESSAGES, MIN_STAKE_PENCE, type BetView, type CashOutRequest } from '../../contract/sportsbook-rules';
import { stakeCashedFor } from '../../contract/rules/cash-out-value';
import { formatPence, poundsToPence } from '../../contract/rules/money';
import { ApiError, type CashOutResult } from '../services/api';
import { Loader } from '../ui/later-icons';
import './CashOut.css';

const UNCONFIRMED = 'We could not confirm your cash out. Check again.';

/** No answer, or one that cannot say what the server did (a timeout, a 5xx): the press may have been paid. */
const answerLost = (error: unknown): boolean =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

/**
 * Cash out on an open bet: the offer the server values it at now (BetsStore fetches it as the bet's matches change),
 * full or partial. A press sends the offer shown; the server waits its delay and
 * settles or refuses, and a refusal is shown in words. A press's request id is made once and kept (in BetsStore)
 * until the press has an answer: when the answer is lost, "Check again" sends the same request, and the server answers
 * what that press got, so one press never pays twice.
 */
export function CashOut({ bet, onCashedOut }: { bet: BetView; onCashedOut: (message: string) => void }) {
  const { laterApi, session, bridge } = useSportsbook();
  const bets = useBets();
  useWatch(bets);
  const [refused, setRefused] = useState<string | null>(null);
  const [partial, setPartial] = useState(false);
  const [amountText, setAmountText] = useState('');
  const inputId = useId();
  const messageId = useId();

  const offer = bets.offerFor(bet.betId) ?? null;
  const amount = partial ? poundsToPence(amountText) : offer;
  const amountProblem =
    !partial || offer === null
      ? null
      : !Number.isFinite(amount) || amount! < MIN_STAKE_PENCE
        ? 'Enter at least £0.10'
        : amount! >= offer
          ? `Enter less than ${formatPence(offer)}, or cash out in full`
          : bet.stake - stakeCashedFor(bet.stake, amount!, offer) < MIN_STAKE_PENCE
            ? CASH_OUT_MESSAGES.remainder
            : null;
  const pending = bets.cashOutPress(bet.betId);
  const waiting = pending?.state === 'sending';
  const confirming = waiting ? undefined : bets.confirmations.awaiting(bet.betId);
  const movedFrom = bets.confirmations.movedFrom(bet.betId);

  async function send(body: CashOutRequest, checking: boolean) {
    setRefused(null);
    bets.cashOutSending(bet.betId, body, checking);
    let result: CashOutResult;
    try {
      result = await laterApi.cashOut(bet.betId, body);
    } catch (error) {
      if (answerLost(error)) {
        // The server may have paid it: keep the press to check again, and show the bets and balance as they are now.
        bets.cashOutUnconfirmed(bet.betId);
        void bets.reloadShown();
        bridge.post({ type: 'bets-changed' });
        void session.refresh();
        return;
      }
      bets.cashOutAnswered(bet.betId);
      setRefused((error as ApiError).message);
      void bets.refreshOffers();
      return;
    }
    bets.cashOutAnswered(bet.betId);
    if (result.outcome === 'refused') {
      setRefused(result.message);
      // The offer pressed is gone or moved: show the one there is now.
      void bets.refreshOffers();
      return;
    }
    setPartial(false);
    setAmountText('');
    onCashedOut(`Cashed out ${formatPence(result.paid)}.`);
    bets.onBet(result.bet);
    bridge.post({ type: 'bets-changed' });
    void session.refresh();
  }

  /**
   * A press: the first asks for confirmation, and a second on the same figures within the window sends it with a new
   * request id, only when no earlier press is still without its answer.
   */
  function cashOut() {
    if (bets.cashOutPress(bet.betId) || offer === null || amount === null || amountProblem) return;
    if (!bets.confirmations.press(bet.betId, { offer, amount: partial ? amount : null })) return;
    void send({ requestId: window.crypto.randomUUID(), offer, ...(partial ? { amount } : {}) }, false);
  }

  /** What is asked changed (full or partial, the amount): a press awaiting confirmation is forgotten. */
  function askAgain() {
    bets.confirmations.cancel(bet.betId);
  }

  /** The press whose answer was lost, sent again as it was: the server answers what it got. */
  function checkAgain() {
    const press = bets.cashOutPress(bet.betId);
    if (press?.state === 'unconfirmed') void send(press.body, true);
  }

  if (pending && pending.state !== 'sending') {
    const checking = pending.state === 'checking';
    return (
      <div className="cash-out">
        <p className="cash-out__refusal" role="alert">
          {UNCONFIRMED}
        </p>
        <div className="cash-out__actions">
          <button
            type="button"
            className="btn btn--secondary cash-out__button"
            disabled={checking}
            onClick={checkAgain}
            aria-live="polite"
          >
            {checking ? (
              <>
                <Loader size={16} className="spin" /> Checking your cash out…
              </>
            ) : (
              'Check again'
            )}
          </button>
        </div>
      </div>
    );
  }

  const refusal = refused !== null && (
    <p className="cash-out__refusal" role="alert">
      {refused}
    </p>
  );

  if (offer === null && !waiting)
    return (
      <div className="cash-out">
        <button type="button" className="btn btn--secondary cash-out__button" disabled>
          Cash out unavailable
        </button>
        {refusal}
      </div>
    );

  return (
    <div className="cash-out">
      {partial && (
        <div className="cash-out__partial">
          <label htmlFor={inputId}>Amount to cash out (up to {formatPence(offer ?? 0)})</label>
          <span className="stake__field">
            <span className="stake__currency" aria-hidden="true">
              £
            </span>
            <input
              id={inputId}
              className="stake__input"
              inputMode="decimal"
              autoComplete="off"
              value={amountText}
              disabled={waiting}
              aria-invalid={amountText !== '' && amountProblem !== null}
              aria-describedby={amountText !== '' && amountProblem ? messageId : undefined}
              onChange={(change) => {
                askAgain();
                setAmountText(change.target.value);
              }}
            />
          </span>
          {amountText !== '' && amountProblem && (
            <p id={messageId} className="cash-out__hint">
              {amountProblem}
            </p>
          )}
        </div>
      )}
      <div className="cash-out__actions">
        <button
          type="button"
          className="btn btn--primary cash-out__button"
          disabled={waiting || (partial && (amountText === '' || amountProblem !== null))}
          onClick={cashOut}
        >
          {waiting ? (
            <>
              <Loader size={16} className="spin" /> Cashing out{' '}
              {formatPence(pending!.body.amount ?? pending!.body.offer)}…
            </>
          ) : confirming ? (
            `Confirm cash out ${formatPence(confirming.amount ?? confirming.offer)}`
          ) : (
            `Cash out ${formatPence(partial ? (Number.isFinite(amount) && amount !== null ? amount : 0) : offer!)}`
          )}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          aria-pressed={partial}
          disabled={waiting}
          onClick={() => {
            askAgain();
            setPartial(!partial);
          }}
        >
          Partial
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {waiting
          ? `Cashing out ${formatPence(pending!.body.amount ?? pending!.body.offer)}`
          : confirming
            ? `${movedFrom !== null ? `The cash out value changed to ${formatPence(confirming.offer)}. ` : ''}Press Confirm cash out ${formatPence(confirming.amount ?? confirming.offer)} to cash out.`
            : ''}
      </p>
      {refusal}
    </div>
  );
}
