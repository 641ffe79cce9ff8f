import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';

export const OfflineBanner = observer(function OfflineBanner() {
  const { network } = useStores();
  return (
    <div role="status" aria-live="polite">
      {!network.online && (
        <p className="offline-banner" data-testid="offline-banner">
          You are offline. Rules, terms and help still open; deposits, withdrawals and sign-in need a connection.
        </p>
      )}
    </div>
  );
});
