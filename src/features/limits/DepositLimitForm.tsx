import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { LIMIT_KINDS, QUICK_LIMIT_POUNDS } from '../../contract/limits';
import { Field } from '../../ui/Field';
import { QuickPicks } from '../../ui/QuickPicks';
import { SubmitButton } from '../../ui/SubmitButton';
import { LimitStatus } from './LimitStatus';
import './limits.css';

const QUICK_PICK_PENCE = QUICK_LIMIT_POUNDS.map((pounds) => pounds * 100);

/** Period switch, pound amount, quick picks and the limit in force: the drawer's form and the registration step's. */
export const DepositLimitForm = observer(function DepositLimitForm({ allowDelete = true }: { allowDelete?: boolean }) {
  const { limits, overlays } = useStores();
  const current = limits.current;
  return (
    <form
      className="form limits"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void limits.submit();
      }}
    >
      <div className="chips" role="group" aria-label="Limit period">
        {LIMIT_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            className="chip"
            aria-pressed={limits.kind === kind}
            onClick={() => limits.selectKind(kind)}
          >
            {kind}
          </button>
        ))}
      </div>
      {current ? (
        <LimitStatus
          limit={current}
          onDelete={
            allowDelete
              ? () =>
                  overlays.open('account_responsible-gambling_deposit-limits_delete-limit', {
                    id: current.id,
                    kind: current.kind,
                    amount: current.amount,
                  })
              : undefined
          }
        />
      ) : (
        limits.limits && (
          <p className="field__hint" data-testid="no-limit">
            You have no {limits.kind.toLowerCase()} deposit limit. A new one takes effect at once.
          </p>
        )
      )}
      <Field
        label={`${limits.kind} limit (£)`}
        name="amount"
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        value={limits.amountInput}
        onChange={(event) => limits.setAmountInput(event.target.value)}
        error={limits.error ?? undefined}
      />
      <QuickPicks
        amounts={QUICK_PICK_PENCE}
        selected={limits.amount}
        onPick={(pence) => limits.pick(pence / 100)}
        label="Quick limit amounts"
        disabled={limits.saving}
      />
      <SubmitButton loading={limits.saving} loadingText="Saving..." disabled={!limits.canSubmit}>
        Set {limits.kind.toLowerCase()} limit
      </SubmitButton>
    </form>
  );
});
