import { useSportsbook } from '../app/context';
import { Backspace } from './icons';

const QUICK = ['5', '10', '20', '50'];

/**
 * A stake in pounds. On phones the system keyboard would cover the slip, so the field takes no keyboard of its own
 * (inputMode none) and a numeric keypad opens under it; a hardware keyboard still types into it.
 */
export function StakeInput({ stakeKey, label, phone }: { stakeKey: string; label: string; phone: boolean }) {
  const { slip } = useSportsbook();
  const keypad = slip.keypadFor === stakeKey;
  const setKeypad = (open: boolean) => slip.openKeypad(open ? stakeKey : null);
  const value = slip.stakes[stakeKey] ?? '';
  const press = (key: string) => slip.setStake(stakeKey, key === 'back' ? value.slice(0, -1) : value + key);
  const id = `stake-${stakeKey}`;
  return (
    <div className="stake">
      <label className="stake__field" htmlFor={id}>
        <span className="visually-hidden">{label}</span>
        <span className="stake__currency" aria-hidden="true">
          £
        </span>
        <input
          id={id}
          className="stake__input"
          inputMode={phone ? 'none' : 'decimal'}
          autoComplete="off"
          placeholder="Stake"
          value={value}
          onFocus={() => phone && setKeypad(true)}
          onChange={(change) => slip.setStake(stakeKey, change.target.value)}
          aria-controls={phone ? `${id}-keypad` : undefined}
          aria-expanded={phone ? keypad : undefined}
        />
      </label>
      {phone && keypad && (
        <div className="keypad" id={`${id}-keypad`} role="group" aria-label={`Keypad for ${label}`}>
          <div className="keypad__quick">
            {QUICK.map((amount) => (
              <button key={amount} type="button" onClick={() => slip.setStake(stakeKey, String(Number(value || 0) + Number(amount)))}>
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
