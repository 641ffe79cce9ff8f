import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/context';
import { openSocialBetting } from '../exchange/socialBetting';

export default observer(function MobileSwitcherDrawer() {
  const store = useStores();
  const { overlays, exchange } = store;
  const onExchange = exchange.showing;
  return (
    <ul className="menu-list">
      <li>
        <button
          type="button"
          aria-current={onExchange ? undefined : 'true'}
          onClick={() => {
            exchange.leave();
            overlays.closeAll();
          }}
        >
          Sportsbook
          {!onExchange && <span className="menu-list__subtitle">You are here</span>}
        </button>
      </li>
      <li>
        <button type="button" aria-current={onExchange ? 'true' : undefined} onClick={() => openSocialBetting(store)}>
          Social betting
          <span className="menu-list__subtitle">
            {onExchange
              ? 'You are here'
              : exchange.available
                ? 'Peer-to-peer bets: back and lay'
                : 'Peer-to-peer bets, in the app'}
          </span>
        </button>
      </li>
    </ul>
  );
});
