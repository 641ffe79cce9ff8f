import { useId, useState } from 'react';
import type { OverlayProps } from '../../overlays/types';
import { TIME_OUT_MAX_DAYS } from '../../contract/safer-gambling';
import { LockAccountForm } from './LockAccountForm';

const DAYS = Array.from({ length: TIME_OUT_MAX_DAYS }, (_, index) => index + 1);
const lengthOf = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** account_responsible-gambling_time-out: a break of 1 to 30 days, the agreement, then 'Are you sure?' as for self-exclusion. */
export default function TimeOutDrawer(_props: OverlayProps) {
  const [days, setDays] = useState('');
  const selectId = useId();
  return (
    <LockAccountForm
      intro="Take a break from betting for between 1 and 30 days. You will be logged out at once and cannot log in until the time out ends. It cannot be cancelled or shortened."
      request={days ? { days: Number(days), permanently: false } : null}
      choiceBlocker="Choose how long your time out lasts."
      submitLabel="Take a Time Out"
      confirmLabel="Confirm Time Out"
      confirmText={`You are about to take a time out for ${lengthOf(Number(days))}. You will be logged out at once and cannot log in until it ends. It cannot be cancelled or shortened.`}
    >
      <div className="field">
        <label className="field__label" htmlFor={selectId}>
          Time out duration
        </label>
        <select id={selectId} className="field__input" value={days} onChange={(event) => setDays(event.target.value)}>
          <option value="">Choose a duration</option>
          {DAYS.map((day) => (
            <option key={day} value={day}>
              {lengthOf(day)}
            </option>
          ))}
        </select>
      </div>
    </LockAccountForm>
  );
}
