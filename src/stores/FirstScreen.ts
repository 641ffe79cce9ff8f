import type { Timers } from './timers';
import type { IdleScheduler } from '../features/legal/idle';

/** The longest background work waits for a frame that neither starts nor fails (a phone on a very slow line). */
export const FIRST_SCREEN_CEILING_MS = 10_000;

/**
 * The page's first screen is up once its frame has started (it said `ready`) or could not, or after a ceiling.
 * Background work (the rules saved for offline, the exchange's server setting) waits for it, then for idle time: on a
 * slow phone it would otherwise take the line and the main thread from the frame's first prices (docs/benchmarks.md,
 * "The frame's start after the host's first paint").
 */
export class FirstScreen {
  private up = false;
  private readonly waiting: Array<() => void> = [];

  constructor(
    timers: Timers,
    private readonly whenIdle: IdleScheduler,
    ceilingMs = FIRST_SCREEN_CEILING_MS,
  ) {
    timers.setTimeout(() => this.shown(), ceilingMs);
  }

  /** The frame started, or could not: what waited runs in idle time. */
  shown(): void {
    if (this.up) return;
    this.up = true;
    for (const task of this.waiting.splice(0)) this.whenIdle(task);
  }

  /** Background work: in idle time once the first screen is up. */
  readonly afterwards: IdleScheduler = (task) => {
    if (this.up) this.whenIdle(task);
    else this.waiting.push(task);
  };
}
