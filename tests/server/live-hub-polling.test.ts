import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { LiveHub } from '../../server/modules/live/hub';
import type { LiveBus, LiveEvent } from '../../server/modules/live/bus';

/** A brokered bus whose broker stays up or away as the test says; it carries nothing between instances. */
function brokeredBus(up: boolean): LiveBus {
  return {
    up,
    publish: async (_event: LiveEvent) => undefined,
    subscribe: () => undefined,
    onHealth: () => undefined,
    close: async () => undefined,
  };
}

function socket(): WebSocket & { sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    send: (data: string) => void sent.push(data),
    on: () => undefined,
    close: () => undefined,
  } as unknown as WebSocket & { sent: string[] };
}

const until = async (condition: () => boolean) => {
  for (let turn = 0; turn < 200 && !condition(); turn++) await new Promise((resolve) => setTimeout(resolve, 10));
  return condition();
};

const hubs: LiveHub[] = [];
afterEach(async () => {
  for (const hub of hubs.splice(0)) await hub.close();
});

describe('the live hub reading balances itself', () => {
  it('polls while the broker is away even when it held no socket at its first polls', async () => {
    const balances = new Map([[7, 1_000]]);
    const hub = new LiveHub(brokeredBus(false), {
      readBalances: async () => new Map(balances),
      pollMs: 20,
      sweepMs: 60_000,
    });
    hubs.push(hub);
    // Polls with nobody held come and go first.
    await new Promise((resolve) => setTimeout(resolve, 60));
    const held = socket();
    hub.add(7, held);
    balances.set(7, 1_500);
    expect(await until(() => held.sent.some((message) => message.includes('1500')))).toBe(true);
  });

  it('sweeps while the broker is up: a balance changed without a message here still reaches the socket', async () => {
    const balances = new Map([[7, 1_000]]);
    const hub = new LiveHub(brokeredBus(true), {
      readBalances: async () => new Map(balances),
      pollMs: 60_000,
      sweepMs: 20,
    });
    hubs.push(hub);
    const held = socket();
    hub.add(7, held);
    await until(() => held.sent.length > 0);
    balances.set(7, 2_500);
    expect(await until(() => held.sent.some((message) => message.includes('2500')))).toBe(true);
    expect(hub.degraded).toBe(false);
  });
});
