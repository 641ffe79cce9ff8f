import { useEffect, useId, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { formatPence, formatSignedPence } from '../../contract/rules/money';
import type { RealityCheckSummary } from '../../contract/reality-checks';
import './reality-checks.css';

const minutesText = (minutes: number) => {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    ...(hours ? [`${hours} hour${hours === 1 ? '' : 's'}`] : []),
    ...(rest || !hours ? [`${rest} minute${rest === 1 ? '' : 's'}`] : []),
  ];
  return parts.join(' ');
};

/**
 * The reality check over everything, the sportsbook's and the exchange's frames included: a modal <dialog> that only
 * Continue, Log out or the history link closes (Escape does not), so that it is acknowledged.
 */
export const RealityCheckReminder = observer(function RealityCheckReminder() {
  const { realityChecks } = useStores();
  const reminder = realityChecks.reminder;
  return reminder ? <ReminderDialog summary={reminder} /> : null;
});

function ReminderDialog({ summary }: { summary: RealityCheckSummary }) {
  const { realityChecks, session, overlays } = useStores();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal?.();
    const keep = (event: Event) => event.preventDefault();
    dialog.addEventListener('cancel', keep);
    return () => {
      dialog.removeEventListener('cancel', keep);
      if (dialog.open) dialog.close();
    };
  }, []);
  return (
    <dialog ref={dialogRef} className="overlay overlay--modal reality-check" aria-labelledby={titleId}>
      <div className="overlay__body modal-body" data-testid="reality-check">
        <h2 id={titleId} className="reality-check__title">
          Reality check
        </h2>
        <p>You have been signed in for {minutesText(summary.signedInMinutes)}.</p>
        <dl className="reality-check__figures">
          <dt>Deposited</dt>
          <dd>{formatPence(summary.deposits)}</dd>
          <dt>Staked</dt>
          <dd>{formatPence(summary.stakes)}</dd>
          <dt>Returns</dt>
          <dd>{formatPence(summary.returns)}</dd>
          <dt>Net result</dt>
          <dd data-testid="reality-check-net">{formatSignedPence(summary.net)}</dd>
        </dl>
        <div className="modal-actions">
          <button
            type="button"
            className="button button--primary"
            autoFocus
            onClick={() => void realityChecks.continue()}
          >
            Continue
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              realityChecks.reset();
              void session.logout();
            }}
          >
            Log out
          </button>
        </div>
        <button
          type="button"
          className="button button--link"
          onClick={() => {
            void realityChecks.continue();
            overlays.open('account_transaction-history');
          }}
        >
          View my history
        </button>
      </div>
    </dialog>
  );
}
