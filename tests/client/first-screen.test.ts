import { describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_CEILING_MS, FirstScreen, SETTLE_AFTER_FIRST_SCREEN_MS } from '../../src/stores/FirstScreen';
import type { Timers } from '../../src/stores/timers';

function fakeTimers() {
  const due: Array<{ at: number; run: () => void }> = [];
  let now = 0;
  const timers: Timers = {
    setTimeout: (run, ms) => due.push({ at: now + ms, run }),
    clearTimeout: () => undefined,
    setInterval: () => undefined,
    clearInterval: () => undefined,
  };
  const advance = (ms: number) => {
    now += ms;
    for (const timer of due.filter((entry) => entry.at <= now)) {
      due.splice(due.indexOf(timer), 1);
      timer.run();
    }
  };
  return { timers, advance };
}

describe("the page's background work and its first screen", () => {
  it('waits for the frame to start and the page to settle, then runs in idle time, once each', () => {
    const { timers, advance } = fakeTimers();
    const idle: Array<() => void> = [];
    const firstScreen = new FirstScreen(timers, (task) => idle.push(task));
    const saveRules = vi.fn();
    firstScreen.afterwards(saveRules);
    expect(idle).toHaveLength(0);

    firstScreen.shown();
    firstScreen.shown();
    // The customer's first taps come now: nothing yet.
    advance(SETTLE_AFTER_FIRST_SCREEN_MS - 1);
    expect(idle).toHaveLength(0);
    advance(1);
    expect(idle).toHaveLength(1);
    expect(saveRules).not.toHaveBeenCalled();
    idle[0]!();
    expect(saveRules).toHaveBeenCalledTimes(1);

    // Later work (the connection back) goes straight to idle time.
    const askAgain = vi.fn();
    firstScreen.afterwards(askAgain);
    expect(idle).toHaveLength(2);
  });

  it('goes on after a ceiling when no frame says anything (a very slow line)', () => {
    const { timers, advance } = fakeTimers();
    const firstScreen = new FirstScreen(timers, (task) => task());
    const saveRules = vi.fn();
    firstScreen.afterwards(saveRules);
    advance(FIRST_SCREEN_CEILING_MS - 1);
    expect(saveRules).not.toHaveBeenCalled();
    advance(1);
    advance(SETTLE_AFTER_FIRST_SCREEN_MS - 1);
    expect(saveRules).not.toHaveBeenCalled();
    advance(1);
    expect(saveRules).toHaveBeenCalledTimes(1);
  });
});
