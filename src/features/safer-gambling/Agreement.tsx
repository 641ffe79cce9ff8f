import { LOCK_AGREEMENT } from '../../contract/safer-gambling';

export function Agreement({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        name="agreed"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{LOCK_AGREEMENT}</span>
    </label>
  );
}
