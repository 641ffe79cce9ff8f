import { describe, expect, it } from 'vitest';
import { retryTransient } from '../../server/sportsbook/db/transient';

const lost = (code: string) => Object.assign(new Error(`lost: ${code}`), { code });

describe('work the database picked as a victim', () => {
  it('runs again after a deadlock or a serialization failure, and answers what the later run answers', async () => {
    const failures = [lost('40P01'), lost('40001')];
    let runs = 0;
    const answer = await retryTransient(async () => {
      runs++;
      const failure = failures.shift();
      if (failure) throw failure;
      return 'settled';
    });
    expect(answer).toBe('settled');
    expect(runs).toBe(3);
  });

  it('gives up after the tries allowed, and never repeats work that failed for any other reason', async () => {
    let runs = 0;
    await expect(retryTransient(async () => (runs++, Promise.reject(lost('40P01'))), 3)).rejects.toThrow('lost: 40P01');
    expect(runs).toBe(3);
    runs = 0;
    await expect(retryTransient(async () => (runs++, Promise.reject(lost('23505'))))).rejects.toThrow('lost: 23505');
    expect(runs).toBe(1);
  });
});
