import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import type { OverlayProps } from '../../overlays/types';
import type { LimitKind } from '../../contract/limits';
import { formatPence } from '../../contract/rules/money';
import './limits.css';

interface DeleteLimitData {
  id: number;
  kind: LimitKind;
  amount: number;
}

/** account_responsible-gambling_deposit-limits_delete-limit: a deletion waits 24 hours, so the modal says when. */
export default observer(function DeleteLimitModal({ data }: OverlayProps<DeleteLimitData>) {
  const { limits, overlays } = useStores();
  if (!data) return null;
  const remove = async () => {
    if (await limits.deleteLimit(data.id)) overlays.close();
  };
  return (
    <div className="delete-limit">
      <p>
        Your {data.kind.toLowerCase()} limit of {formatPence(data.amount)} will be removed tomorrow at{' '}
        <strong>{limits.deletionTime}</strong>, after a 24-hour cooling-off period. Until then it stays in force.
      </p>
      {limits.deleteError && (
        <p className="error-text" role="alert">
          {limits.deleteError}
        </p>
      )}
      <button
        type="button"
        className="button button--danger button--block"
        disabled={limits.deleting}
        aria-busy={limits.deleting || undefined}
        onClick={() => void remove()}
      >
        Delete limit
      </button>
      <button type="button" className="button button--block" onClick={() => overlays.close()}>
        Cancel
      </button>
    </div>
  );
});
