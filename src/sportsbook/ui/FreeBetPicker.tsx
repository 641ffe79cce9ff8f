import { useEffect, useId } from 'react';
import { useSlip, useSportsbook } from '../app/context';
import { useWatch } from '../../ui/frame/Observable';
import { formatPence } from '../../contract/rules/money';
import { formatDateTime } from './format';
import './FreeBetPicker.css';

/** Under a single's stake: stake it with one of the customer's free bets instead of their money. */
export function FreeBetPicker({ selectionId }: { selectionId: string }) {
  const { freeBets, session } = useSportsbook();
  const slip = useSlip();
  useWatch(freeBets, session);
  const id = useId();
  // After every render, not once: a reset (a new launch of the same signed-in session) forgets the list, and only
  // asking again brings it back.
  useEffect(() => {
    if (session.signedIn) freeBets.loadOnce();
    // The slip remembers this single was staked with a free bet; after a reload or a new launch forgot the choice,
    // it is made again if the token is still on the list (if not, the stake shows as cleared).
    const wanted = slip.freeBetStakes[selectionId];
    if (
      wanted !== undefined &&
      !freeBets.tokenFor(selectionId) &&
      freeBets.offeredTo(selectionId).some((token) => token.freeBetId === wanted)
    )
      freeBets.choose(selectionId, wanted);
  });
  if (!session.signedIn) return null;
  const offered = freeBets.offeredTo(selectionId);
  if (offered.length === 0) return null;
  const chosen = freeBets.tokenFor(selectionId);
  return (
    <div className="free-bet">
      <label htmlFor={id}>Free bet</label>
      <select
        id={id}
        value={chosen?.freeBetId ?? ''}
        onChange={(change) => {
          const token = offered.find((candidate) => candidate.freeBetId === change.target.value);
          freeBets.choose(selectionId, token?.freeBetId ?? null);
          slip.useFreeBet(selectionId, token ?? null);
        }}
      >
        <option value="">Use my balance</option>
        {offered.map((token) => (
          <option key={token.freeBetId} value={token.freeBetId}>
            {formatPence(token.amount)} free bet (until {formatDateTime(token.expiresAt)})
          </option>
        ))}
      </select>
      {chosen && <p className="free-bet__note">A free bet stake is not returned with the winnings.</p>}
    </div>
  );
}
