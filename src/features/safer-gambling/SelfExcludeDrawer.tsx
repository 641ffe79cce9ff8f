import { useState } from 'react';
import type { OverlayProps } from '../../overlays/types';
import { LockAccountForm } from './LockAccountForm';

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
  const [choice, setChoice] = useState<Option | null>(null);
  const option = OPTIONS.find((candidate) => candidate.label === choice);
  const permanently = option?.days === 0;
  return (
    <LockAccountForm
      intro="Self-exclusion stops you using your account for the period you choose. You will be logged out at once, you will receive no marketing, and it cannot be cancelled or shortened."
      request={option ? { days: option.days, permanently } : null}
      choiceBlocker="Choose how long to self-exclude for."
      submitLabel="Self-Exclude"
      confirmLabel="Confirm Self-Exclude"
      confirmText={
        permanently
          ? 'You are about to self-exclude permanently. This account can never be used again.'
          : `You are about to self-exclude for ${option?.label}. It cannot be cancelled or shortened.`
      }
    >
      <fieldset className="lock-account__options">
        <legend>Self-exclude for</legend>
        {OPTIONS.map((candidate) => (
          <label key={candidate.label} className="checkbox">
            <input
              type="radio"
              name="duration"
              value={candidate.label}
              checked={choice === candidate.label}
              onChange={() => setChoice(candidate.label)}
            />
            <span>{candidate.label}</span>
          </label>
        ))}
      </fieldset>
    </LockAccountForm>
  );
}
