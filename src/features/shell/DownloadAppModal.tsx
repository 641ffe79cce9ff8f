import { storeUrlFor } from '../../lib/device';

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
    </div>
  );
}
