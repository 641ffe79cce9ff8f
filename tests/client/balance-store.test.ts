import { describe, expect, it } from 'vitest';
import { BalanceStore } from '../../src/stores/BalanceStore';
import type { BalanceResponse } from '../../src/contract/wallet';

/** A balance read that answers only when the test says, and a device cache holding one saved figure. */
function storeWithAReadOut() {
  let answer!: (response: BalanceResponse) => void;
  let fail!: (error: Error) => void;
  const store = new BalanceStore({
    fetchBalance: () =>
      new Promise<BalanceResponse>((resolve, reject) => {
        answer = resolve;
        fail = reject;
      }),
    cache: {
      load: async () => ({ balance: 1_000, currency: 'GBP', savedAt: 1 }),
      save: async () => undefined,
    },
    now: () => 2,
  });
  store.forUser(7);
  const read = store.fetch();
  return {
    store,
    read,
    answer: (balance: number) => answer({ balance, currency: 'GBP' }),
    fail: () => fail(new Error('Offline')),
  };
}

describe('the balance shown', () => {
  it('keeps a pushed figure when a read sent before the push answers after it', async () => {
    const { store, read, answer } = storeWithAReadOut();
    // The settlement's credit is pushed while the read (made before the credit committed) is still out.
    store.set(5_250);
    answer(4_800);
    await read;
    expect(store.balance).toBe(5_250);
    expect(store.loading).toBe(false);
  });

  it('takes the read when nothing was pushed meanwhile', async () => {
    const { store, read, answer } = storeWithAReadOut();
    answer(4_800);
    await read;
    expect(store.balance).toBe(4_800);
  });

  it('does not replace a pushed figure with the saved one when the read fails', async () => {
    const { store, read, fail } = storeWithAReadOut();
    store.set(5_250);
    fail();
    await read;
    expect(store.balance).toBe(5_250);
    expect(store.lastKnownAt).toBeNull();
    expect(store.error).toBeNull();
  });

  it('shows the saved figure, marked as such, when the read fails and nothing came since', async () => {
    const { store, read, fail } = storeWithAReadOut();
    fail();
    await read;
    expect(store.balance).toBe(1_000);
    expect(store.lastKnownAt).toBe(1);
    expect(store.error).not.toBeNull();
  });
});
