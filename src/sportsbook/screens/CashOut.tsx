import { useId, useState } from 'react';
import { useSportsbook } from '../app/context';
import { useWatch } from '../stores/Observable';
import type { BetView } from '../../contract/sportsbook-rules';
import { MIN_STAKE_PENCE } from '../../contract/sportsbook-rules';
import { cashOutOffer } from '../../lib/cash-out-value';
import { formatPence, poundsToPence } from '../../lib/money';
import { ApiError } from '../services/api';
import { Loader } from '../ui/icons';

type Press = { state: 'idle' } | { state: 'waiting'; amount: number } | { state: 'refused'; message: string };

/**
 * Cash out on an open bet: the offer from the prices the frame holds now (the same arithmetic the server re-values
 * with, src/lib/cash-out-value.ts), full or partial. A press sends the offer shown; the server waits its delay and
 * settles or refuses, and a refusal is shown in words.
 */
export function CashOut({ bet, onCashedOut }: { bet: BetView; onCashedOut: (message: string) => void }) {
  const { catalog, api, bets, session, bridge } = useSportsbook();
  useWatch(catalog);
  const [press, setPress] = useState<Press>({ state: 'idle' });
  const [partial, setPartial] = useState(false);
  const [amountText, setAmountText] = useState('');
  const inputId = useId();
  const messageId = useId();

  const offer = cashOutOffer(
    bet.stake,
    bet.legs.map((leg) => {
      const live = leg.result === 'open' ? catalog.findSelection(leg.selectionId) : null;
      return { price: leg.price, result: leg.result, current: live && { price: live.price, status: live.status } };
    }),
  );
  const amount = partial ? poundsToPence(amountText) : offer;
  const amountProblem = !partial || offer === null ? null : !Number.isFinite(amount) || amount! < MIN_STAKE_PENCE ? 'Enter at least £0.10' : amount! >= offer ? `Enter less than ${formatPence(offer)}, or cash out in full` : null;
  const waiting = press.state === 'waiting';

  async function cashOut() {
    if (offer === null || amount === null || amountProblem) return;
    setPress({ state: 'waiting', amount: partial ? amount : offer });
    try {
      const result = await api.cashOut(bet.betId, { requestId: window.crypto.randomUUID(), offer, ...(partial ? { amount } : {}) });
      if (result.outcome === 'refused') {
        setPress({ state: 'refused', message: result.message });
        return;
      }
      setPress({ state: 'idle' });
      setPartial(false);
      setAmountText('');
      onCashedOut(`Cashed out ${formatPence(result.paid)}.`);
      bets.onBet(result.bet);
      bridge.post({ type: 'bets-changed' });
      void session.refresh();
    } catch (error) {
      setPress({ state: 'refused', message: error instanceof ApiError ? error.message : 'Cash out failed. Please try again.' });
    }
  }

  const refusal = press.state === 'refused' && (
    <p className="cash-out__refusal" role="alert">
      {press.message}
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
              onChange={(change) => setAmountText(change.target.value)}
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
        <button type="button" className="btn btn--primary cash-out__button" disabled={waiting || (partial && (amountText === '' || amountProblem !== null))} onClick={() => void cashOut()} aria-live="polite">
          {waiting ? (
            <>
              <Loader size={16} className="spin" /> Cashing out {formatPence(press.amount)}…
            </>
          ) : (
            `Cash out ${formatPence(partial ? (Number.isFinite(amount) && amount !== null ? amount : 0) : offer!)}`
          )}
        </button>
        <button type="button" className="btn btn--secondary" aria-pressed={partial} disabled={waiting} onClick={() => setPartial(!partial)}>
          Partial
        </button>
      </div>
      {refusal}
    </div>
  );
}
