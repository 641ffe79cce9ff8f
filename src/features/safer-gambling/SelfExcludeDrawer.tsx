import { useId, useState } from 'react';
import type { OverlayProps } from '../../overlays/registry';
import { ErrorScreen } from '../../ui/ErrorScreen';
import { SubmitButton } from '../../ui/SubmitButton';
import { FormBlockers } from '../../ui/FormBlockers';
import { Agreement } from './Agreement';
import { useLockAccount } from './useLockAccount';
import './safer-gambling.css';

const OPTIONS = [
  { label: '6 months', days: 180 },
  { label: '1 year', days: 365 },
  { label: '3 years', days: 1095 },
  { label: '5 years', days: 1825 },
  { label: 'Permanently', days: 0 },
] as const;
type Option = (typeof OPTIONS)[number]['label'];

/** account_responsible-gambling_self-exclude: a duration or permanently, the agreement, then 'Are you sure?'. */
export default function SelfExcludeDrawer(_props: OverlayProps) {
  const { lock, running, failure, clearFailure } = useLockAccount();
  const [choice, setChoice] = useState<Option | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const option = OPTIONS.find((candidate) => candidate.label === choice);
  const blockersId = useId();
  const blockers = [!option && 'Choose how long to self-exclude for.', !agreed && 'Tick the box to say you understand.'].filter((blocker): blocker is string => Boolean(blocker));

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
  if (confirming && option) {
    return (
      <div className="lock-account lock-account__confirm" role="group" aria-labelledby="self-exclude-confirm">
        <h3 id="self-exclude-confirm">Are you sure?</h3>
        <p>{option.days === 0 ? 'You are about to self-exclude permanently. This account can never be used again.' : `You are about to self-exclude for ${option.label}. It cannot be cancelled or shortened.`}</p>
        <button type="button" className="button button--danger button--block" disabled={running} aria-busy={running || undefined} onClick={() => void lock(option.days === 0 ? { days: 0, permanently: true } : { days: option.days, permanently: false })}>
          {running ? 'Please wait...' : 'Confirm Self-Exclude'}
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
        if (option && agreed) setConfirming(true);
      }}
    >
      <p>Self-exclusion stops you using your account for the period you choose. You will be logged out at once, you will receive no marketing, and it cannot be cancelled or shortened.</p>
      <fieldset className="lock-account__options">
        <legend>Self-exclude for</legend>
        {OPTIONS.map((candidate) => (
          <label key={candidate.label} className="checkbox">
            <input type="radio" name="duration" value={candidate.label} checked={choice === candidate.label} onChange={() => setChoice(candidate.label)} />
            <span>{candidate.label}</span>
          </label>
        ))}
      </fieldset>
      <Agreement checked={agreed} onChange={setAgreed} />
      <SubmitButton disabled={!option || !agreed} describedBy={blockers.length ? blockersId : undefined}>
        Self-Exclude
      </SubmitButton>
      <FormBlockers id={blockersId} blockers={blockers} />
    </form>
  );
}
