import { useState } from 'react';
import { useSportsbook } from '../app/context';
import { useWatch } from '../../ui/frame/Observable';
import { formatPence } from '../../contract/rules/money';
import { formatDateTime } from './format';
import { Gift } from './later-icons';
import './FreeBetsMenu.css';

/** What every free bet's terms are (the Betting Rules: free bets, cash out); the slip's picker says the same. */
const FREE_BET_TERMS =
  'Stake a single with it from the bet slip. Only the winnings are paid: the free bet stake is not returned. Cash out is not available on free bets.';

/**
 * "Free bets 1" in the sportsbook's header: the customer's free bets in sight before anything is on the slip, and
 * pressed, their list with amount, expiry and terms. The frame's sub-navigation loads the free bets and this menu.
 */
export function FreeBetsMenu() {
  const { freeBets, session } = useSportsbook();
  useWatch(freeBets, session);
  const [open, setOpen] = useState(false);
  const count = freeBets.tokens.length;
  if (!session.signedIn || count === 0) return null;
  return (
    <div className="free-bets-menu">
      <button
        type="button"
        className="free-bets-menu__button"
        aria-expanded={open}
        aria-controls="free-bets-list"
        onClick={() => setOpen(!open)}
      >
        <Gift size={16} className="free-bets-menu__icon" />
        <span className="free-bets-menu__words">Free bets</span> <span className="badge badge--accent">{count}</span>
      </button>
      {open && (
        <div className="free-bets-menu__panel" id="free-bets-list">
          <h2 className="free-bets-menu__title">Your free bets</h2>
          <ul>
            {freeBets.tokens.map((token) => (
              <li key={token.freeBetId}>
                <strong>{formatPence(token.amount)} free bet</strong>
                <span>Expires {formatDateTime(token.expiresAt)}</span>
              </li>
            ))}
          </ul>
          <p className="free-bets-menu__terms">{FREE_BET_TERMS}</p>
        </div>
      )}
    </div>
  );
}
