import type { Timers } from './timers';
import type { IdleScheduler } from '../features/legal/idle';

/** The longest background work waits for a frame that neither starts nor fails (a phone on a very slow line). */
export const FIRST_SCREEN_CEILING_MS = 10_000;

/**
 * Once the first screen is up, background work waits this long more: the customer's first taps come in these seconds,
 * and the rules' saving (the database's and the schemas' code, then every document) held a slow phone's main thread in
 * tasks of 130 to 160 ms (docs/benchmarks.md, "Off the first paint's path").
 */
export const SETTLE_AFTER_FIRST_SCREEN_MS = 5_000;

/**
 * The page's first screen is up once its frame has started (it said `ready`) or could not, or after a ceiling.
 * Background work (the rules saved for offline, the service worker's registration, the exchange's server setting)
 * waits for it and a settling time, then for idle time: on a slow phone it would otherwise take the line and the main
 * thread from the frame's first prices and the customer's first taps (docs/benchmarks.md, "The frame's start after the
 * host's first paint" and "Off the first paint's path").
 */
export class FirstScreen {
  private shownOnce = false;
  private up = false;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly timers: Timers,
    private readonly whenIdle: IdleScheduler,
    ceilingMs = FIRST_SCREEN_CEILING_MS,
  ) {
    timers.setTimeout(() => this.shown(), ceilingMs);
  }

  /** The frame started, or could not: what waited runs in idle time once the page has settled. */
  shown(): void {
    if (this.shownOnce) return;
    this.shownOnce = true;
    this.timers.setTimeout(() => this.settled(), SETTLE_AFTER_FIRST_SCREEN_MS);
  }

  private settled(): void {
    this.up = true;
    for (const task of this.waiting.splice(0)) this.whenIdle(task);
  }

  /** Background work: in idle time once the first screen is up and settled. */
  readonly afterwards: IdleScheduler = (task) => {
    if (this.up) this.whenIdle(task);
    else this.waiting.push(task);
  };
}
