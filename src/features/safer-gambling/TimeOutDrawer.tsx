import { useId, useState } from 'react';
import type { OverlayProps } from '../../overlays/registry';
import { TIME_OUT_MAX_DAYS } from '../../contract/safer-gambling';
import { ErrorScreen } from '../../ui/ErrorScreen';
import { SubmitButton } from '../../ui/SubmitButton';
import { FormBlockers } from '../../ui/FormBlockers';
import { Agreement } from './Agreement';
import { useLockAccount } from './useLockAccount';
import './safer-gambling.css';

const DAYS = Array.from({ length: TIME_OUT_MAX_DAYS }, (_, index) => index + 1);

/** account_responsible-gambling_time-out: a break of 1 to 30 days, the agreement, then 'Are you sure?' as for self-exclusion. */
export default function TimeOutDrawer(_props: OverlayProps) {
  const { lock, running, failure, clearFailure } = useLockAccount();
  const [days, setDays] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const selectId = useId();
  const blockersId = useId();
  const blockers = [!days && 'Choose how long your time out lasts.', !agreed && 'Tick the box to say you understand.'].filter((blocker): blocker is string => Boolean(blocker));

  if (failure) {
    return (
      <ErrorScreen
        heading="Error"
        message={failure}
        onBack={() => {
          clearFailure();
          setConfirming(false);
        }}
      />
    );
  }
  if (confirming && days) {
    const length = days === '1' ? '1 day' : `${days} days`;
    return (
      <div className="lock-account lock-account__confirm" role="group" aria-labelledby="time-out-confirm">
        <h3 id="time-out-confirm">Are you sure?</h3>
        <p>You are about to take a time out for {length}. You will be logged out at once and cannot log in until it ends. It cannot be cancelled or shortened.</p>
        <button type="button" className="button button--danger button--block" disabled={running} aria-busy={running || undefined} onClick={() => void lock({ days: Number(days), permanently: false })}>
          {running ? 'Please wait...' : 'Confirm Time Out'}
        </button>
        <button type="button" className="button button--block" disabled={running} onClick={() => setConfirming(false)}>
          Cancel
        </button>
      </div>
    );
  }
  return (
    <form
      className="lock-account"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (days && agreed) setConfirming(true);
      }}
    >
      <p>Take a break from betting for between 1 and 30 days. You will be logged out at once and cannot log in until the time out ends. It cannot be cancelled or shortened.</p>
      <div className="field">
        <label className="field__label" htmlFor={selectId}>
          Time out duration
        </label>
        <select id={selectId} className="field__input" value={days} onChange={(event) => setDays(event.target.value)}>
          <option value="">Choose a duration</option>
          {DAYS.map((day) => (
            <option key={day} value={day}>
              {day === 1 ? '1 day' : `${day} days`}
            </option>
          ))}
        </select>
      </div>
      <Agreement checked={agreed} onChange={setAgreed} />
      <SubmitButton disabled={!days || !agreed} describedBy={blockers.length ? blockersId : undefined}>
        Take a Time Out
      </SubmitButton>
      <FormBlockers id={blockersId} blockers={blockers} />
    </form>
  );
}
