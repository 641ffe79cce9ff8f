import { useEffect, useState } from 'react';

/** The most a hold is shown as lasting, whatever a skewed clock says. */
const LONGEST_MS = 30_000;

/**
 * An in-play bet's or order's delay, as a bar filling up and the seconds left. Screen readers hear the slip's
 * announcement once and then the outcome, not every second: the bar is labelled and read on demand.
 */
export function HoldCountdown({
  heldUntil,
  label = 'Time until your in-play bet is confirmed',
}: {
  heldUntil: string;
  label?: string;
}) {
  const end = Date.parse(heldUntil);
  const [start] = useState(() => Date.now());
  const [now, setNow] = useState(start);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const total = Math.min(LONGEST_MS, Math.max(1, end - start));
  const left = Math.min(total, Math.max(0, end - now));
  const seconds = Math.ceil(left / 1000);
  return (
    <div className="hold">
      <progress className="hold__bar" max={total} value={total - left} aria-label={label} />
      <p className="hold__text">{seconds > 0 ? `Confirming in ${seconds} s` : 'Confirming…'}</p>
    </div>
  );
}
