import { useEffect, useRef } from 'react';
import { useSlip, useSportsbook } from '../app/context';
import { useWatch } from '../../ui/frame/Observable';
import { FREE_BET_GONE } from '../stores/slip/wording';
import { formatPence, penceToPoundsInput } from '../../contract/rules/money';
import { Backspace } from './later-icons';
import './StakeInput.css';

const QUICK = ['5', '10', '20', '50'];

/**
 * A stake in pounds. On phones the system keyboard would cover the slip, so the field takes no keyboard of its own
 * (inputMode none) and a numeric keypad opens under it; a hardware keyboard still types into it.
 *
 * A single staked with a free bet shows the token's amount, read only: that is the stake sent. If the token is no
 * longer on the list, the field is empty and says why (the amount is never staked as cash).
 */
export function StakeInput({ stakeKey, label, phone }: { stakeKey: string; label: string; phone: boolean }) {
  const { freeBets } = useSportsbook();
  const slip = useSlip();
  useWatch(slip, freeBets);
  const free = slip.freeBetOf(stakeKey);
  const gone = !free && slip.freeBetGone(stakeKey);
  // Said once the list is known: until then (a reload, a new launch) the free bet may yet come back.
  const goneNote = gone && freeBets.loaded;
  const keypad = !free && slip.keypadFor === stakeKey;
  const setKeypad = (open: boolean) => slip.openKeypad(open ? stakeKey : null);
  const value = free ? penceToPoundsInput(free.amount) : gone ? '' : (slip.stakes[stakeKey] ?? '');
  const press = (key: string) => slip.setStake(stakeKey, key === 'back' ? value.slice(0, -1) : value + key);
  const id = `stake-${stakeKey}`;
  const noteId = `${id}-note`;
  const input = useRef<HTMLInputElement>(null);
  // The desktop column is in view: a single added from the keyboard brings the focus here. A phone's slip is a closed
  // sheet, so its price keeps the focus.
  useEffect(() => {
    if (phone || slip.stakeToFocus !== stakeKey) return;
    input.current?.focus();
    slip.stakeFocused();
  });
  return (
    <div className="stake">
      <label className="stake__field" htmlFor={id}>
        <span className="visually-hidden">{label}</span>
        <span className="stake__currency" aria-hidden="true">
          £
        </span>
        <input
          ref={input}
          id={id}
          className="stake__input"
          inputMode={phone ? 'none' : 'decimal'}
          autoComplete="off"
          placeholder="Stake"
          value={value}
          readOnly={!!free}
          onFocus={() => phone && !free && setKeypad(true)}
          onChange={(change) => {
            if (!free) slip.setStake(stakeKey, change.target.value);
          }}
          aria-controls={keypad ? `${id}-keypad` : undefined}
          aria-describedby={free || goneNote ? noteId : undefined}
        />
      </label>
      {free && (
        <p id={noteId} className="free-bet__note">
          Your {formatPence(free.amount)} free bet is the stake. To stake your own money, choose ‘Use my balance’.
        </p>
      )}
      {goneNote && (
        <p id={noteId} className="free-bet__note" role="status">
          {FREE_BET_GONE}
        </p>
      )}
      {phone && keypad && (
        <div className="keypad" id={`${id}-keypad`} role="group" aria-label={`Keypad for ${label}`}>
          <div className="keypad__quick">
            {QUICK.map((amount) => (
              <button
                key={amount}
                type="button"
                onClick={() => slip.setStake(stakeKey, String(Number(value || 0) + Number(amount)))}
              >
                +£{amount}
              </button>
            ))}
          </div>
          <div className="keypad__keys">
            {['1', '2', '3', '4', '5', '6', '7', '8', '9', '.', '0'].map((key) => (
              <button key={key} type="button" onClick={() => press(key)}>
                {key}
              </button>
            ))}
            <button type="button" onClick={() => press('back')} aria-label="Delete">
              <Backspace size={20} />
            </button>
          </div>
          <button type="button" className="keypad__done" onClick={() => setKeypad(false)}>
            Done
          </button>
        </div>
      )}
    </div>
  );
}
