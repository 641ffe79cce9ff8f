import { useState } from 'react';
import { useSportsbook } from '../app/context';
import { BetList } from './BetCard';
import './SlipBets.css';

/**
 * The slip's My Bets view: the customer's open bets with their live cash-out offers, the same cards as the My Bets
 * page (loaded with it, on demand, so the slip's own code stays small).
 */
export default function SlipBets() {
  const { router } = useSportsbook();
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className="slip slip-bets">
      <p className="cash-out__notice" role="status">
        {notice}
      </p>
      <BetList tab="open" onCashedOut={setNotice} headingLevel={3} />
      <button type="button" className="link-button slip-bets__all" onClick={() => router.go('/bets')}>
        All my bets
      </button>
    </div>
  );
}
