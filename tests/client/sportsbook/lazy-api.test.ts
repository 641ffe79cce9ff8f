import { describe, expect, it, vi } from 'vitest';
import { lazyApi } from '../../../src/sportsbook/services/lazy-api';

/** The calls no first paint makes load their code after it (issue 26): a call made before the code is there lands. */
describe('an API whose code loads later', () => {
  it('loads its code at the first call, not before, and makes the call once it is there', async () => {
    let arrive!: (api: { bets: (state: string) => Promise<string[]> }) => void;
    const code = vi.fn(
      () => new Promise<{ bets: (state: string) => Promise<string[]> }>((resolve) => (arrive = resolve)),
    );
    const later = lazyApi(code);
    const bets = later.api.bets;
    expect(code).not.toHaveBeenCalled();
    const answer = bets('open');
    expect(code).toHaveBeenCalledTimes(1);
    arrive({ bets: async (state) => [`${state} bet`] });
    await expect(answer).resolves.toEqual(['open bet']);
    await expect(later.api.bets('settled')).resolves.toEqual(['settled bet']);
    expect(code).toHaveBeenCalledTimes(1);
  });

  it('fails the call when its code cannot be had (offline), and tries again at the next one', async () => {
    const code = vi
      .fn<() => Promise<{ freeBets: () => Promise<number> }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ freeBets: async () => 2 });
    const later = lazyApi(code);
    await expect(later.api.freeBets()).rejects.toThrow('offline');
    await expect(later.api.freeBets()).resolves.toBe(2);
    expect(code).toHaveBeenCalledTimes(2);
  });
});
