import { describe, expect, it, vi } from 'vitest';
import { RealityCheckStore, SUMMARY_RETRY_MS } from '../../src/features/reality-checks/RealityCheckStore';
import type { RealityCheckStatus, RealityCheckSummary } from '../../src/contract/reality-checks';
import type { Timers } from '../../src/stores/timers';

/** Timers moved by hand: the store's reminders come when told, never on the wall clock. */
function manualTimers() {
  let now = 0;
  let next = 1;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      pending.set(next, { at: now + ms, callback });
      return next++;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
    setInterval: () => 0,
    clearInterval: () => undefined,
  };
  const advance = async (ms: number) => {
    now += ms;
    for (const [handle, timer] of [...pending]) {
      if (timer.at > now) continue;
      pending.delete(handle);
      timer.callback();
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { timers, advance, pending: () => pending.size };
}

const status = (dueInMs: number | null, intervalMinutes: number | null = 15): RealityCheckStatus => ({
  intervalMinutes,
  sessionStartedAt: '2026-06-01T12:00:00.000Z',
  dueInMs,
});
const summary: RealityCheckSummary = { signedInMinutes: 15, deposits: 2000, stakes: 1500, returns: 1800, net: 300 };

describe('reality check store', () => {
  it('shows the reminder when the server says it is due, and Continue schedules the next', async () => {
    const { timers, advance } = manualTimers();
    const api = {
      status: vi.fn(async () => status(60_000)),
      configure: vi.fn(),
      summary: vi.fn(async () => summary),
      acknowledge: vi.fn(async () => status(15 * 60_000)),
    };
    const store = new RealityCheckStore({ api, timers });
    await store.start();
    await advance(59_999);
    expect(store.reminder).toBeNull();
    await advance(1);
    expect(store.reminder).toEqual(summary);
    await store.continue();
    expect(store.reminder).toBeNull();
    expect(api.acknowledge).toHaveBeenCalledOnce();
    await advance(15 * 60_000 - 1);
    expect(store.reminder).toBeNull();
    await advance(1);
    expect(api.summary).toHaveBeenCalledTimes(2);
  });

  it('shows a reminder already due on load (a reload after it fell due), and none while off', async () => {
    const { timers, advance, pending } = manualTimers();
    const due = new RealityCheckStore({
      api: {
        status: async () => status(-5_000),
        configure: vi.fn(),
        summary: async () => summary,
        acknowledge: vi.fn(),
      },
      timers,
    });
    await due.start();
    await advance(0);
    expect(due.reminder).toEqual(summary);
    const off = new RealityCheckStore({
      api: { status: async () => status(null, null), configure: vi.fn(), summary: vi.fn(), acknowledge: vi.fn() },
      timers,
    });
    await off.start();
    expect(pending()).toBe(0);
    expect(off.intervalMinutes).toBeNull();
  });

  it('asks again for figures it could not read, and turning reminders off cancels the one waiting', async () => {
    const { timers, advance, pending } = manualTimers();
    const api = {
      status: vi.fn(async () => status(1_000)),
      configure: vi.fn(async ({ intervalMinutes }: { intervalMinutes: number | null }) =>
        status(intervalMinutes === null ? null : 1_000, intervalMinutes),
      ),
      summary: vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(summary),
      acknowledge: vi.fn(),
    };
    const store = new RealityCheckStore({ api, timers });
    await store.start();
    await advance(1_000);
    expect(store.reminder).toBeNull();
    await advance(SUMMARY_RETRY_MS);
    expect(store.reminder).toEqual(summary);
    store.reset();
    await store.start();
    expect(await store.configure(null)).toBe(true);
    expect(pending()).toBe(0);
    expect(api.configure).toHaveBeenCalledWith({ intervalMinutes: null });
  });
});
