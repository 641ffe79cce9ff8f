import './SkipToSlip.css';

/**
 * The frame's first stop for the keyboard on a desktop: past the whole price list to the slip, at its first stake box
 * (the slip itself when it has none), so a keyboard customer does not Tab through every price to stake a bet.
 */
export function SkipToSlip({ slipId }: { slipId: string }) {
  return (
    <a
      className="skip-to-slip"
      href={`#${slipId}`}
      onClick={(click) => {
        click.preventDefault();
        const slip = document.getElementById(slipId);
        const stake = slip?.querySelector<HTMLInputElement>('input.stake__input:not([readonly])');
        (stake ?? slip)?.focus();
      }}
    >
      Skip to bet slip
    </a>
  );
}
