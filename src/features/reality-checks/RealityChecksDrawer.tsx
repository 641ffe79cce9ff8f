import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import type { OverlayProps } from '../../overlays/types';
import {
  INVALID_REALITY_CHECK_INTERVAL,
  REALITY_CHECK_MAX_MINUTES,
  REALITY_CHECK_MIN_MINUTES,
  REALITY_CHECK_QUICK_MINUTES,
} from '../../contract/reality-checks';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { SubmitButton } from '../../ui/SubmitButton';
import './reality-checks.css';

const validMinutes = (input: string): number | null => {
  const minutes = Number(input);
  return /^\d+$/.test(input.trim()) && minutes >= REALITY_CHECK_MIN_MINUTES && minutes <= REALITY_CHECK_MAX_MINUTES
    ? minutes
    : null;
};

/** account_responsible-gambling_reality-checks: how often to be reminded of time and money this session, or never. */
export default observer(function RealityChecksDrawer(_props: OverlayProps) {
  const { realityChecks } = useStores();
  const current = realityChecks.intervalMinutes;
  const [input, setInput] = useState(current === null ? '' : String(current));
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    void realityChecks.start();
  }, [realityChecks]);
  useEffect(() => setInput(current === null ? '' : String(current)), [current]);
  const minutes = validMinutes(input);
  const inputError = input.trim() !== '' && minutes === null ? INVALID_REALITY_CHECK_INTERVAL : undefined;
  const save = async (value: number | null) => {
    setSaved(null);
    if (await realityChecks.configure(value))
      setSaved(value === null ? 'Reality checks are off.' : `You will be reminded every ${value} minutes.`);
  };
  return (
    <form
      className="form reality-check-settings"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (minutes !== null) void save(minutes);
      }}
    >
      <p>
        A reminder, every so many minutes from when you sign in, of how long you have been playing and what you have
        deposited, staked and won back.
      </p>
      <p data-testid="reality-check-setting">
        {current === null ? 'Reality checks are off.' : `Reminding you every ${current} minutes.`}
      </p>
      <div className="chips" role="group" aria-label="Remind me every">
        {REALITY_CHECK_QUICK_MINUTES.map((quick) => (
          <button
            key={quick}
            type="button"
            className="chip"
            aria-pressed={input === String(quick)}
            onClick={() => setInput(String(quick))}
          >
            {quick} minutes
          </button>
        ))}
      </div>
      <Field
        label="Remind me every (minutes)"
        name="intervalMinutes"
        inputMode="numeric"
        value={input}
        onChange={(event) => setInput(event.target.value)}
        error={inputError}
      />
      {realityChecks.error && <FormAlert>{realityChecks.error}</FormAlert>}
      {saved && <FormAlert tone="success">{saved}</FormAlert>}
      <SubmitButton loading={realityChecks.saving} loadingText="Saving..." disabled={minutes === null}>
        Save reminder
      </SubmitButton>
      {current !== null && (
        <button
          type="button"
          className="button button--ghost button--block"
          disabled={realityChecks.saving}
          onClick={() => void save(null)}
        >
          Turn reality checks off
        </button>
      )}
    </form>
  );
});
