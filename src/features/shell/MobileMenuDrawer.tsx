import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { helpEntries } from './navigation';
import { InstallOffer } from './InstallOffer';

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
              <button type="button" onClick={() => overlays.open(entry.overlay)}>
                {entry.label}
              </button>
            </li>
          ))}
      </ul>
      <div className="mobile-menu__install">
        <InstallOffer />
      </div>
    </nav>
  );
});
