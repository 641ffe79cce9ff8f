import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import './limits.css';

/**
 * Every six months (the server says when): a reminder to review limits and account activity, as the Commission asks from
 * 31 October 2025. Dismissible; either way the next is six months on.
 */
export const LimitReviewPrompt = observer(function LimitReviewPrompt() {
  const { limitQuestion, overlays } = useStores();
  return (
    <div role="status" aria-live="polite">
      {limitQuestion.showReviewReminder && (
        <div className="limit-review" data-testid="limit-review">
          <p className="limit-review__text">
            It has been six months: take a moment to review your deposit limits and your account history.
          </p>
          <div className="limit-review__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                void limitQuestion.reviewed();
                overlays.open('account_responsible-gambling_deposit-limits');
              }}
            >
              Review my limits
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                void limitQuestion.reviewed();
                overlays.open('account_transaction-history');
              }}
            >
              View my history
            </button>
            <button type="button" className="button button--ghost" onClick={() => void limitQuestion.reviewed()}>
              Dismiss
            </button>
          </div>
        </div>
      )}
    </div>
  );
});
