import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContentfulPaint } from '../../src/ui/afterPaint';

/** A browser that reports paints: `paint()` records the first contentful paint and tells every observer. */
function paintTiming() {
  const entries: PerformanceEntry[] = [];
  const observers: Array<() => void> = [];
  class FakeObserver {
    static readonly supportedEntryTypes = ['paint'];
    constructor(private readonly notify: () => void) {}
    observe() {
      observers.push(this.notify);
    }
    disconnect() {
      observers.splice(observers.indexOf(this.notify), 1);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name) =>
    entries.filter((entry) => entry.name === name),
  );
  return {
    paint(name: string) {
      entries.push({ name, entryType: 'paint', startTime: 100, duration: 0 } as PerformanceEntry);
      for (const notify of [...observers]) notify();
    },
    observing: () => observers.length,
  };
}

describe('work kept off the first paint', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('waits for the first text painted, not the first background, then runs once in a task of its own', () => {
    const browser = paintTiming();
    const restoreSavedAnswers = vi.fn();
    afterFirstContentfulPaint(restoreSavedAnswers);

    browser.paint('first-paint');
    vi.advanceTimersByTime(10);
    expect(restoreSavedAnswers).not.toHaveBeenCalled();

    browser.paint('first-contentful-paint');
    expect(restoreSavedAnswers).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(restoreSavedAnswers).toHaveBeenCalledTimes(1);
    expect(browser.observing()).toBe(0);

    vi.advanceTimersByTime(10_000);
    expect(restoreSavedAnswers).toHaveBeenCalledTimes(1);
  });

  it('runs after a few seconds where no paint is reported (a tab opened in the background)', () => {
    const browser = paintTiming();
    const restoreSavedAnswers = vi.fn();
    afterFirstContentfulPaint(restoreSavedAnswers);
    vi.advanceTimersByTime(2_999);
    expect(restoreSavedAnswers).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(restoreSavedAnswers).toHaveBeenCalledTimes(1);
    expect(browser.observing()).toBe(0);
  });
});
