import { useEffect } from 'react';

/** The user-timing mark bench/lighthouse.ts reads: when the frame first painted a price a customer can press. */
export const FIRST_PRICE_MARK = 'sportsbook:first-price';

let marked = false;

/** Marks once per page load, after the paint that shows the first open price (a frame later, then a task). */
export function useFirstPriceMark(shown: boolean): void {
  useEffect(() => {
    if (!shown || marked) return;
    marked = true;
    requestAnimationFrame(() => setTimeout(() => performance.mark(FIRST_PRICE_MARK), 0));
  }, [shown]);
}
