import { useQuery } from '@tanstack/react-query';
import { accountKeys } from '../../api/account';
import { formatPence } from '../../contract/rules/money';
import { formatDateTime } from '../../lib/dates';
import { useAccountApi } from './useAccountApi';

/** The Betting Rules' free-bet terms in a line, as the sportsbook's own list says them. */
const FREE_BET_TERMS =
  'Stake a single with it from the bet slip. Only the winnings are paid: the free bet stake is not returned. Cash out is not available on free bets.';

/**
 * "Free bets 1" in the account menu, with each one's amount and expiry and the terms: free bets in sight before
 * anything is on a bet slip. Nothing shows while there are none (or the list cannot be had).
 */
export function FreeBetsSummary() {
  const api = useAccountApi();
  // Asked afresh at every opening: a free bet is spent in the sportsbook's frame, which this cache never hears of.
  const query = useQuery({ queryKey: accountKeys.freeBets(), queryFn: api.freeBets, retry: false, staleTime: 0 });
  const freeBets = query.data?.freeBets ?? [];
  if (freeBets.length === 0) return null;
  return (
    <section className="account__free-bets" aria-labelledby="account-free-bets">
      <h2 id="account-free-bets" className="account__free-bets-title">
        Free bets <span className="account__free-bets-count">{freeBets.length}</span>
      </h2>
      <ul>
        {freeBets.map((token) => (
          <li key={token.freeBetId}>
            <strong>{formatPence(token.amount)} free bet</strong>
            <span className="account__meta">Expires {formatDateTime(token.expiresAt)}</span>
          </li>
        ))}
      </ul>
      <p className="account__meta">{FREE_BET_TERMS}</p>
    </section>
  );
}
