import { useStores } from '../../stores/context';
import type { OverlayProps } from '../../overlays/types';
import { useSupportEmail } from '../../app/useSupportEmail';
import { StatusScreen } from '../../ui/StatusScreen';
import './account.css';

export default function AccountSuspendedDrawer(_props: OverlayProps) {
  const { session, overlays } = useStores();
  const supportEmail = useSupportEmail();
  const onContinue = () => {
    if (session.token) session.signOut('logout');
    overlays.open('login');
  };
  return (
    <div className="account-suspended">
      <StatusScreen icon="error" heading="Account Suspended" onPrimary={onContinue}>
        <p>
          Your account has been suspended. Please contact customer support at{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      </StatusScreen>
    </div>
  );
}
