import { useId, useState } from 'react';
import type { OverlayProps } from '../../overlays/registry';
import { TIME_OUT_MAX_DAYS } from '../../contract/safer-gambling';
import { ErrorScreen } from '../../ui/ErrorScreen';
import { SubmitButton } from '../../ui/SubmitButton';
import { Agreement } from './Agreement';
import { useLockAccount } from './useLockAccount';
import './safer-gambling.css';

const DAYS = Array.from({ length: TIME_OUT_MAX_DAYS }, (_, index) => index + 1);

/** account_responsible-gambling_time-out: a break of 1 to 30 days, sent at once. */
export default function TimeOutDrawer(_props: OverlayProps) {
  const { lock, running, failure, clearFailure } = useLockAccount();
  const [days, setDays] = useState('');
  const [agreed, setAgreed] = useState(false);
  const selectId = useId();

  if (failure) return <ErrorScreen heading="Error" message={failure} onBack={clearFailure} />;
  return (
    <form
      className="lock-account"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (days && agreed) void lock({ days: Number(days), permanently: false });
      }}
    >
      <p>Take a break from betting for between 1 and 30 days. You will be logged out at once and cannot log in until the time out ends. It cannot be cancelled or shortened.</p>
      <div className="field">
        <label className="field__label" htmlFor={selectId}>
          Time out duration
        </label>
        <select id={selectId} className="field__input" value={days} disabled={running} onChange={(event) => setDays(event.target.value)}>
          <option value="">Choose a duration</option>
          {DAYS.map((day) => (
            <option key={day} value={day}>
              {day === 1 ? '1 day' : `${day} days`}
            </option>
          ))}
        </select>
      </div>
      <Agreement checked={agreed} onChange={setAgreed} disabled={running} />
      <SubmitButton loading={running} loadingText="Please wait..." disabled={!days || !agreed}>
        Take a Time Out
      </SubmitButton>
    </form>
  );
}
