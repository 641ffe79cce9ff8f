import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';

/** The Install button where the browser offers installation; on iOS, how to add the app to the Home Screen. */
export const InstallOffer = observer(function InstallOffer({ label = 'Install app' }: { label?: string }) {
  const { install } = useStores();
  if (install.available) {
    return (
      <button
        type="button"
        className="button button--primary"
        onClick={() => void install.install()}
        data-testid="install-app"
      >
        {label}
      </button>
    );
  }
  if (install.showIosInstructions) {
    return (
      <p className="install-ios" data-testid="install-ios">
        Install ExSport on your iPhone: tap <strong>Share</strong>, then <strong>Add to Home Screen</strong>.
      </p>
    );
  }
  return null;
});
