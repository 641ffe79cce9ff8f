/** Runs once the browser has painted the current frame (a task after the next animation frame). */
export function afterNextPaint(run: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  else setTimeout(run, 0);
}

/** Where the browser reports no paint (a tab opened in the background), work after the first paint waits no longer. */
const FIRST_PAINT_CEILING_MS = 3_000;

/**
 * Runs once the page has painted its first text (the first contentful paint), in a task of its own: the first paint
 * of all is often only the background, before the app has rendered.
 */
export function afterFirstContentfulPaint(run: () => void): void {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    afterNextPaint(run);
    return;
  }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(ceiling);
    run();
  };
  // The observer is told during the paint's own task: the work goes in the next.
  const observer = new PerformanceObserver(() => {
    if (painted()) setTimeout(finish, 0);
  });
  const ceiling = setTimeout(finish, FIRST_PAINT_CEILING_MS);
  observer.observe({ type: 'paint', buffered: true });
}
