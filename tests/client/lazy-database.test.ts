import { expect, it, vi } from 'vitest';
import { AppDatabase } from '../../src/db/database';
import { lazyDatabase } from '../../src/db/lazy';

it('opens the device database at the first read or write, once, and reads and writes through it', async () => {
  const open = vi.fn(async () => new AppDatabase(`lazy-${process.pid}-${Math.random()}`));
  const db = lazyDatabase(open);
  expect(open).not.toHaveBeenCalled();

  await db.lastBalance.put({ userId: 7, balance: 1234, currency: 'GBP', savedAt: 1 });
  expect(await db.lastBalance.get(7)).toMatchObject({ balance: 1234 });
  await db.lastBalance.delete(7);
  expect(await db.lastBalance.get(7)).toBeUndefined();
  await db.documents.put({
    slug: 'terms',
    title: 'T',
    version: 1,
    updatedAt: '',
    revision: 'r',
    body: 'b',
    savedAt: 1,
  });
  await db.clearUserData();
  expect(await db.documents.get('terms')).toMatchObject({ body: 'b' });
  expect(open).toHaveBeenCalledTimes(1);
});
