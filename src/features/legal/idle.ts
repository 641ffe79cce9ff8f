export type IdleScheduler = (task: () => void) => void;

/** Runs a task when the browser is idle; where requestIdleCallback is missing (Safari), shortly after load. */
export const whenIdle: IdleScheduler = (task) => {
  if (typeof globalThis.requestIdleCallback === 'function')
    globalThis.requestIdleCallback(() => task(), { timeout: 5_000 });
  else setTimeout(task, 2_000);
};
