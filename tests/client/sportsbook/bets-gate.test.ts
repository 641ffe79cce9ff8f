import { describe, expect, it, vi } from 'vitest';
import { BetsGate, type BetsModule } from '../../../src/sportsbook/stores/BetsGate';
import { BetsStore } from '../../../src/sportsbook/stores/BetsStore';
import { betView } from './fixtures';

/**
 * Issue 26: My Bets' store (with cash out's) loads after the frame's first paint. Before its code is there the frame
 * reads no bets, pushes change nothing, and what the customer asks for meanwhile (a list, the slip's My Bets) lands.
 */

function heldCode() {
  const waiting: Array<(module: BetsModule) => void> = [];
  const code = vi.fn(() => new Promise<BetsModule>((resolve) => waiting.push(resolve)));
  return {
    code,
    arrive: async () => {
      waiting.shift()!({ BetsStore });
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

const open = betView('bet-1');
const gateOn = (code: ReturnType<typeof heldCode>['code'], fetchBets = vi.fn(async () => [open])) =>
  new BetsGate(({ BetsStore: Store }) => new Store(fetchBets), code);

describe('My Bets before its code has loaded', () => {
  it('reads as no bets, takes pushes as nothing to change, and asks for no code', async () => {
    const { code } = heldCode();
    const gate = gateOn(code);
    gate.onBet(open);
    gate.onEventChanges([]);
    gate.reset();
    gate.showInSlip(false);
    await Promise.all([gate.reloadShown(), gate.refreshOffers(), gate.refreshLive()]);
    expect([gate.store, gate.lists, gate.error, gate.shownInSlip, gate.openEventIds]).toEqual([
      null,
      { open: null, settled: null },
      null,
      false,
      [],
    ]);
    expect(code).not.toHaveBeenCalled();
  });

  it('shows the open bets in the slip when asked before the code arrived, and loads a list asked for meanwhile', async () => {
    const { code, arrive } = heldCode();
    const fetchBets = vi.fn(async () => [open]);
    const gate = gateOn(code, fetchBets);
    const changes = vi.fn();
    gate.subscribe(changes);
    gate.showInSlip(true);
    const loading = gate.load('open');
    expect(gate.shownInSlip).toBe(false);
    await arrive();
    await loading;
    expect(code).toHaveBeenCalledTimes(1);
    expect([gate.shownInSlip, gate.lists.open]).toEqual([true, [open]]);
    expect(fetchBets).toHaveBeenCalledWith('open');
    expect(changes).toHaveBeenCalled();
  });
});
