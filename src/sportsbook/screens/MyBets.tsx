import { useEffect, useState } from 'react';
import { useSportsbook } from '../app/context';
import { useWatch } from '../../ui/frame/Observable';
import type { BetsTab } from '../stores/BetsStore';
import { BetList } from './BetCard';
import { Receipt } from '../ui/later-icons';
import './MyBets.css';

/** My Bets: Open and Settled, each bet with its legs' results. */
export default function MyBets() {
  const { bets, session, bridge } = useSportsbook();
  useWatch(bets, session);
  const [tab, setTab] = useState<BetsTab>('open');
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (session.signedIn) void bets.load(tab);
  }, [bets, tab, session.signedIn]);

  if (!session.signedIn)
    return (
      <div className="my-bets">
        <h1 className="page-title">My Bets</h1>
        <div className="empty-state">
          <Receipt size={32} />
          <p>Log in to see your bets.</p>
          <button type="button" className="btn btn--primary" onClick={() => bridge.post({ type: 'login-requested' })}>
            Log in
          </button>
        </div>
      </div>
    );

  return (
    <div className="my-bets">
      <h1 className="page-title">My Bets</h1>
      <div className="tabs" role="tablist" aria-label="My Bets">
        {(['open', 'settled'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls="bets-panel"
            className="tabs__tab"
            onClick={() => setTab(name)}
          >
            {name === 'open' ? 'Open' : 'Settled'}
          </button>
        ))}
      </div>
      <p className="cash-out__notice" role="status">
        {notice}
      </p>
      <div id="bets-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        <BetList tab={tab} onCashedOut={setNotice} />
      </div>
    </div>
  );
}
