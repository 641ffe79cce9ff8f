import { useState } from 'react';
import { useStores } from '../../stores/context';
import type { OverlayProps } from '../../overlays/types';

export default function LogoutModal(_props: OverlayProps) {
  const { session, overlays } = useStores();
  const [busy, setBusy] = useState(false);
  return (
    <div className="modal-body">
      <p>Are you sure you want to logout?</p>
      <div className="modal-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void session.logout().finally(() => overlays.closeAll());
          }}
        >
          Yes, logout
        </button>
        <button type="button" className="button button--ghost" onClick={() => overlays.close()}>
          Cancel
        </button>
      </div>
    </div>
  );
}
