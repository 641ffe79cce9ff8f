import { formatPence, type Pence } from '../contract/rules/money';

/** £10 rather than £10.00 on a chip. */
const chipText = (amount: Pence) => formatPence(amount).replace(/\.00$/, '');

/** Amounts (pence) as chips; picking one fills the amount field. */
export function QuickPicks({
  amounts,
  selected,
  onPick,
  label = 'Quick amounts',
  disabled,
}: {
  amounts: Pence[];
  selected?: Pence;
  onPick: (amount: Pence) => void;
  label?: string;
  disabled?: boolean;
}) {
  return (
    <div className="chips" role="group" aria-label={label}>
      {amounts.map((amount) => (
        <button
          key={amount}
          type="button"
          className="chip"
          aria-pressed={selected === amount}
          disabled={disabled}
          onClick={() => onPick(amount)}
        >
          {chipText(amount)}
        </button>
      ))}
    </div>
  );
}
