import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { helpEntries } from './navigation';
import { InstallOffer } from './InstallOffer';
import { ListRow } from '../../ui/ListRow';
import { overlayIcon } from '../../ui/overlayIcons';

export default observer(function MobileMenuDrawer() {
  const { overlays, session } = useStores();
  return (
    <nav aria-label="Menu">
      {session.isLoggedIn && (
        <ul className="menu-list" aria-label="Betting">
          <li>
            <button type="button" onClick={() => overlays.open('AllBets')}>
              My Bets
            </button>
          </li>
        </ul>
      )}
      <ul className="menu-list">
        {helpEntries
          .filter((entry) => !entry.signedInOnly || session.isLoggedIn)
          .map((entry) => (
            <li key={entry.overlay}>
              <ListRow
                icon={overlayIcon(entry.overlay)}
                title={entry.label}
                onClick={() => overlays.open(entry.overlay)}
                tone={entry.overlay === 'account_personal-details_delete-account' ? 'danger' : undefined}
              />
            </li>
          ))}
      </ul>
      <div className="mobile-menu__install">
        <InstallOffer />
      </div>
    </nav>
  );
});
