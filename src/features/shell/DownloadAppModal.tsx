import { storeUrlFor } from '../../lib/device';
import { InstallOffer } from './InstallOffer';

export default function DownloadAppModal() {
  return (
    <div className="modal-body">
      <p>
        Peer-to-peer betting is available only in the ExSport mobile app. Download the app to bet against other
        customers.
      </p>
      <a
        className="button button--primary button--block"
        href={storeUrlFor(navigator.userAgent)}
        target="_blank"
        rel="noopener noreferrer"
      >
        Download the app
      </a>
      {/* The installed web app is the app too: Social betting opens there. */}
      <InstallOffer label="Install the app" />
    </div>
  );
}
