import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';

export const UpdatePrompt = observer(function UpdatePrompt() {
  const { update } = useStores();
  return (
    <div role="status" aria-live="polite">
      {update.available && (
        <div className="update-prompt" data-testid="update-prompt">
          <span>New version available</span>
          <button type="button" className="button button--primary" onClick={() => update.reload()}>
            Reload
          </button>
        </div>
      )}
    </div>
  );
});
