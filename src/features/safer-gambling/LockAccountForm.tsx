import { useId, useState, type ReactNode } from 'react';
import type { LockAccountRequest } from '../../contract/safer-gambling';
import { ErrorScreen } from '../../ui/ErrorScreen';
import { SubmitButton } from '../../ui/SubmitButton';
import { FormBlockers } from '../../ui/FormBlockers';
import { Agreement } from './Agreement';
import { useLockAccount } from './useLockAccount';
import './safer-gambling.css';

interface LockAccountFormProps {
  intro: string;
  /** The duration picker. */
  children: ReactNode;
  /** What the chosen duration asks for, or null while none is chosen. */
  request: LockAccountRequest | null;
  /** Why the customer cannot go on yet, besides the agreement. */
  choiceBlocker: string;
  submitLabel: string;
  confirmLabel: string;
  /** The sentence under 'Are you sure?' for the chosen duration. */
  confirmText: string;
}

/**
 * The shared path of Time Out and Self-Exclude: a duration, the agreement, 'Are you sure?', then the lock;
 * a failure shows the Error screen and Back returns to the form.
 */
export function LockAccountForm({
  intro,
  children,
  request,
  choiceBlocker,
  submitLabel,
  confirmLabel,
  confirmText,
}: LockAccountFormProps) {
  const { lock, running, failure, clearFailure } = useLockAccount();
  const [agreed, setAgreed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const blockersId = useId();
  const blockers = [!request && choiceBlocker, !agreed && 'Tick the box to say you understand.'].filter(
    (blocker): blocker is string => Boolean(blocker),
  );

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
  if (confirming && request) {
    return (
      <div className="lock-account lock-account__confirm" role="group" aria-labelledby={headingId}>
        <h3 id={headingId}>Are you sure?</h3>
        <p>{confirmText}</p>
        <button
          type="button"
          className="button button--danger button--block"
          disabled={running}
          aria-busy={running || undefined}
          onClick={() => void lock(request)}
        >
          {running ? 'Please wait...' : confirmLabel}
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
        if (request && agreed) setConfirming(true);
      }}
    >
      <p>{intro}</p>
      {children}
      <Agreement checked={agreed} onChange={setAgreed} />
      <SubmitButton disabled={blockers.length > 0} describedBy={blockers.length ? blockersId : undefined}>
        {submitLabel}
      </SubmitButton>
      <FormBlockers id={blockersId} blockers={blockers} />
    </form>
  );
}
