import { useEffect, useId, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { FormAlert } from '../../ui/FormAlert';
import { Spinner } from '../../ui/Spinner';
import { DepositLimitForm } from './DepositLimitForm';
import { LOAD_ERROR_PREFIX } from './messages';
import './limits.css';

/**
 * Before a first deposit (registration's limit step and the cashier alike): set a deposit limit or choose not to, on one
 * screen that chooses neither for the customer (docs/decisions.md, Limit question).
 */
export const LimitQuestion = observer(function LimitQuestion({ onDone }: { onDone: () => void }) {
  const { limits, limitQuestion, session } = useStores();
  const headingId = useId();
  useEffect(() => {
    limits.dismissConfirmation();
    void limits.load();
  }, [limits]);
  const { choice } = limitQuestion;
  const canContinue = choice === 'decline' || (choice === 'set' && limits.hasAnyLimit);
  const finish = async () => {
    if (choice === 'decline') {
      if (await limitQuestion.decline()) onDone();
      return;
    }
    await limitQuestion.load();
    onDone();
  };
  return (
    <section className="limits limit-question" aria-labelledby={headingId}>
      <h2 id={headingId} className="limit-question__heading">
        Set a deposit limit?
      </h2>
      <p className="limit-question__intro">
        Before your first deposit, choose whether to limit how much you can deposit each day, week or month. You can
        change this at any time in Responsible Gambling.
      </p>
      {session.userError && <FormAlert>{`${LOAD_ERROR_PREFIX}${session.userError}`}</FormAlert>}
      {limits.loadError && <FormAlert>{limits.loadError}</FormAlert>}
      <fieldset className="field limit-question__choices">
        <legend className="field__label">Would you like to set a deposit limit?</legend>
        <label className="checkbox">
          <input
            type="radio"
            name="limit-choice"
            checked={choice === 'set'}
            onChange={() => limitQuestion.choose('set')}
          />
          <span>Yes, set a deposit limit</span>
        </label>
        <label className="checkbox">
          <input
            type="radio"
            name="limit-choice"
            checked={choice === 'decline'}
            onChange={() => limitQuestion.choose('decline')}
          />
          <span>No, not now</span>
        </label>
      </fieldset>
      {choice === 'set' && (
        <>
          {limits.confirmation && <FormAlert tone="success">{limits.confirmation.text}</FormAlert>}
          <DepositLimitForm allowDelete={false} />
        </>
      )}
      {limitQuestion.error && <FormAlert>{limitQuestion.error}</FormAlert>}
      <button
        type="button"
        className="button button--primary button--block limits__step-actions"
        disabled={!canContinue || limitQuestion.saving}
        onClick={() => void finish()}
      >
        {choice === 'decline' ? 'Continue without a limit' : 'Continue'}
      </button>
    </section>
  );
});

/** The cashier's door: the question first while the customer has neither set a limit nor declined, then the cashier. */
export const LimitQuestionGate = observer(function LimitQuestionGate({ children }: { children: ReactNode }) {
  const { limitQuestion } = useStores();
  useEffect(() => {
    void limitQuestion.load();
  }, [limitQuestion]);
  // Without an answer from the server (offline, say) the cashier shows: the server still refuses a first deposit.
  if (!limitQuestion.status && !limitQuestion.loadError) return <Spinner />;
  if (limitQuestion.mustAnswer) return <LimitQuestion onDone={() => undefined} />;
  return <>{children}</>;
});
