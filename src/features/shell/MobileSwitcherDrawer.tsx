import { useStores } from '../../stores/context';

export default function MobileSwitcherDrawer() {
  const { overlays } = useStores();
  return (
    <ul className="menu-list">
      <li>
        <button type="button" aria-current="true" onClick={() => overlays.closeAll()}>
          Sportsbook
          <span className="menu-list__subtitle">You are here</span>
        </button>
      </li>
      <li>
        <button type="button" onClick={() => overlays.open('download-app')}>
          Social betting
          <span className="menu-list__subtitle">Peer-to-peer bets, in the app</span>
        </button>
      </li>
    </ul>
  );
}
