import { observer } from 'mobx-react-lite';
import type { DepositLimit } from '../../contract/limits';
import { formatPence } from '../../contract/rules/money';
import { formatDateTime } from '../../lib/dates';

/** The limit in force for one period: how much of it is left, and any change waiting out its cooling-off. */
export const LimitStatus = observer(function LimitStatus({
  limit,
  onDelete,
}: {
  limit: DepositLimit;
  onDelete?: () => void;
}) {
  const period = limit.kind.toLowerCase();
  const used = limit.amount - limit.remaining.remainingAmount;
  const removing = limit.pending && limit.pending.amount === null;
  return (
    <section className="limits__status" aria-label={`Current ${period} limit`}>
      <p>
        Your {period} limit is <strong>{formatPence(limit.amount)}</strong>
      </p>
      <progress className="limits__progress" max={limit.amount} value={used} aria-label={`${period} limit used`} />
      <p data-testid="limit-remaining">
        {formatPence(limit.remaining.remainingAmount)} remaining of {formatPence(limit.amount)}
      </p>
      {limit.pending && (
        <p className="limits__pending">
          {removing
            ? `This limit will be removed on ${formatDateTime(limit.pending.effectiveFrom)}`
            : `Changing to ${formatPence(limit.pending.amount!)} on ${formatDateTime(limit.pending.effectiveFrom)}`}
        </p>
      )}
      {onDelete && !removing && (
        <button type="button" className="button--link" onClick={onDelete}>
          Delete {period} limit
        </button>
      )}
    </section>
  );
});
