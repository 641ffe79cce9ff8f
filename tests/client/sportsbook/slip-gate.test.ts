import { describe, expect, it, vi } from 'vitest';
import { SlipGate, type SlipModule } from '../../../src/sportsbook/stores/SlipGate';
import { SlipStore } from '../../../src/sportsbook/stores/SlipStore';
import { SLIP_KEY } from '../../../src/sportsbook/stores/slip/model';
import { fakeFetch, memoryStorage } from '../support/fakes';
import { createSportsbook } from '../../../src/sportsbook/app/createSportsbook';
import { createSlip, event, idleSocket, liveSelection } from './fixtures';

/**
 * The slip's code loads after the frame's first paint (issue 26): the first screen reads an empty slip, a price
 * pressed before the code is there still goes on the slip, and a slip kept from an earlier visit loads at once.
 */

/** The slip's code, handed over when the test says (a slow network), failing first when asked. */
function heldCode({ failFirst = false } = {}) {
  const waiting: Array<{ resolve: (module: SlipModule) => void; reject: (error: Error) => void }> = [];
  const code = vi.fn(() => new Promise<SlipModule>((resolve, reject) => waiting.push({ resolve, reject })));
  return {
    code,
    arrive: async () => {
      const next = waiting.shift()!;
      if (failFirst && code.mock.calls.length === 1) next.reject(new Error('offline'));
      else next.resolve({ SlipStore });
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

describe('the slip before its code has loaded', () => {
  it('reads as empty and asks for no code until a price is pressed', () => {
    const { deps } = createSlip();
    const { code } = heldCode();
    const gate = new SlipGate(deps, vi.fn(), code);
    expect([gate.store, gate.has('ev-1~match-result~home'), gate.lineCount, gate.eventIds]).toEqual([
      null,
      false,
      0,
      [],
    ]);
    expect(code).not.toHaveBeenCalled();
  });

  it('puts a price pressed meanwhile on the slip once the code is there, and catches the store up', async () => {
    const { deps } = createSlip();
    const { code, arrive } = heldCode();
    const onLoaded = vi.fn();
    const gate = new SlipGate(deps, onLoaded, code);
    const changes = vi.fn();
    gate.subscribe(changes);
    const home = liveSelection(event('ev-1'), 0);
    gate.toggle(home);
    expect([gate.store, gate.has(home.selection.id)]).toEqual([null, true]);
    await arrive();
    expect(gate.store?.has(home.selection.id)).toBe(true);
    expect([gate.lineCount, gate.eventIds]).toEqual([1, ['ev-1']]);
    expect(onLoaded).toHaveBeenCalledWith(gate.store);
    expect(changes).toHaveBeenCalled();
    // Changes of the store itself reach the gate's watchers (the screens and the socket's subscriptions).
    changes.mockClear();
    gate.toggle(home);
    expect(gate.lineCount).toBe(0);
    expect(changes).toHaveBeenCalled();
    expect(code).toHaveBeenCalledTimes(1);
  });

  it('keeps a keyboard press made meanwhile a keyboard press: the stake box still takes the focus', async () => {
    const { code, arrive } = heldCode();
    const gate = new SlipGate(createSlip().deps, vi.fn(), code);
    const home = liveSelection(event('ev-1'), 0);
    gate.toggle(home, { byKeyboard: true });
    await arrive();
    expect(gate.store?.stakeToFocus).toBe(home.selection.id);
  });

  it('loads at once when the slip kept from an earlier visit holds something, and not for an emptied one', async () => {
    const kept = createSlip().slip;
    kept.toggle(liveSelection(event('ev-1'), 0));
    const storage = memoryStorage();
    storage.setItem(SLIP_KEY, JSON.stringify({ selections: kept.selections, placements: [] }));
    const { code, arrive } = heldCode();
    const gate = new SlipGate(createSlip({ storage }).deps, vi.fn(), code);
    expect(code).toHaveBeenCalledTimes(1);
    await arrive();
    expect(gate.lineCount).toBe(1);

    const emptied = memoryStorage({ [SLIP_KEY]: JSON.stringify({ selections: [], placements: [], builder: [] }) });
    const idle = heldCode();
    new SlipGate(createSlip({ storage: emptied }).deps, vi.fn(), idle.code);
    expect(idle.code).not.toHaveBeenCalled();
  });

  it('shows a price pressed at once as picked, and a second press before the code comes takes it off', async () => {
    const { code, arrive } = heldCode();
    const gate = new SlipGate(createSlip().deps, vi.fn(), code);
    const home = liveSelection(event('ev-1'), 0);
    const away = liveSelection(event('ev-1'), 2);
    gate.toggle(home);
    gate.toggle(away);
    expect([gate.has(home.selection.id), gate.has(away.selection.id), gate.lineCount]).toEqual([true, true, 2]);
    gate.toggle(away);
    expect([gate.has(away.selection.id), gate.lineCount]).toEqual([false, 1]);
    await arrive();
    expect(gate.store?.selections.map((pick) => pick.selectionId)).toEqual([home.selection.id]);
  });

  it('keeps a pick made while its code could not be fetched (offline) and puts it on once the code comes', async () => {
    const { deps } = createSlip();
    const { code, arrive } = heldCode({ failFirst: true });
    const gate = new SlipGate(deps, vi.fn(), code);
    const home = liveSelection(event('ev-1'), 0);
    gate.toggle(home);
    await arrive();
    expect(gate.store).toBeNull();
    expect([gate.has(home.selection.id), gate.lineCount]).toEqual([true, 1]);
    // The slip's screen asks again (its Try again, or the next price pressed).
    gate.reload();
    const loading = gate.codeForScreen();
    await arrive();
    await loading;
    expect(gate.store?.has(home.selection.id)).toBe(true);
    expect(gate.lineCount).toBe(1);
    expect(code).toHaveBeenCalledTimes(2);
  });

  it('leaves a pick on a slip kept from an earlier visit that already held it', async () => {
    const kept = createSlip().slip;
    const home = liveSelection(event('ev-1'), 0);
    kept.toggle(home);
    const storage = memoryStorage({ [SLIP_KEY]: JSON.stringify({ selections: kept.selections, placements: [] }) });
    const { code, arrive } = heldCode({ failFirst: true });
    const gate = new SlipGate(createSlip({ storage }).deps, vi.fn(), code);
    await arrive();
    gate.toggle(home);
    await arrive();
    expect(gate.store?.has(home.selection.id)).toBe(true);
  });

  it('is asked for once the first lists are on screen, so the first press need not wait for it', async () => {
    const { code, arrive } = heldCode();
    const sportsbook = createSportsbook({
      window,
      fetch: fakeFetch({
        'GET /api/events': { status: 200, body: { events: [event('ev-1')] } },
        'GET /api/competitions': { status: 200, body: { competitions: [] } },
      }) as unknown as typeof globalThis.fetch,
      createSocket: idleSocket,
      slipCode: code,
    });
    expect(code).not.toHaveBeenCalled();
    await sportsbook.catalog.loadLists();
    expect(code).toHaveBeenCalledTimes(1);
    await arrive();
    sportsbook.slip.toggle(sportsbook.catalog.findSelection('ev-1~match-result~home')!);
    expect(sportsbook.slip.lineCount).toBe(1);
    sportsbook.bridge.dispose();
  });
});
