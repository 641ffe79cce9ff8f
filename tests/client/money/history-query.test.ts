import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppDatabase } from '../../../src/db/database';
import { HttpError } from '../../../src/api/http';
import {
  customRange,
  customRangeError,
  hasBothDates,
  historyQuery,
  nextPrevId,
  presetRange,
} from '../../../src/features/history/query';
import { loadHistoryPage } from '../../../src/features/history/pages';
import type { TransactionItem } from '../../../src/contract/transactions';

const now = new Date('2026-03-15T12:00:00.000Z');
const lifetime = presetRange('Lifetime', now);

describe('history chips to query', () => {
  it('maps every filter chip to the kind or vertical it asks for', () => {
    const asked = (label: Parameters<typeof historyQuery>[0]) => {
      const { kind, vertical } = historyQuery(label, lifetime) as { kind?: string; vertical?: string };
      return { kind, vertical };
    };
    expect(asked('All')).toEqual({ kind: undefined, vertical: undefined });
    expect(asked('Deposit')).toEqual({ kind: 'Deposit', vertical: undefined });
    expect(asked('Withdraw')).toEqual({ kind: 'Withdrawal', vertical: undefined });
    expect(asked('Sportsbook')).toEqual({ kind: undefined, vertical: 'sportsbook' });
    expect(asked('P2P Bets')).toEqual({ kind: undefined, vertical: 'p2p' });
    expect(asked('Winnings')).toEqual({ kind: 'Returns', vertical: undefined });
  });

  it('asks for pages of 20 within the chosen time', () => {
    expect(historyQuery('All', lifetime)).toEqual({ from: '2022-01-01T00:00:00.000Z', limit: 20 });
    expect(presetRange('24 Hrs', now)).toEqual({ from: '2026-03-14T12:00:00.000Z' });
    expect(presetRange('Week', now)).toEqual({ from: '2026-03-08T12:00:00.000Z' });
    expect(presetRange('Month', now)).toEqual({ from: '2026-02-15T12:00:00.000Z' });
  });

  it('a custom range runs from the start of From to the end of To, in the local zone', () => {
    const range = customRange('2026-03-01', '2026-03-02');
    expect(new Date(range.from).getTime()).toBe(new Date(2026, 2, 1).getTime());
    expect(new Date(range.to!).getTime()).toBe(new Date(2026, 2, 3).getTime());
    expect(historyQuery('Deposit', range)).toEqual({ kind: 'Deposit', from: range.from, to: range.to, limit: 20 });
  });

  it('refuses To before From and needs both dates', () => {
    expect(customRangeError('2026-03-02', '2026-03-01')).toBe("'To' date cannot be before 'From' date.");
    expect(customRangeError('2026-03-01', '2026-03-01')).toBeUndefined();
    expect(hasBothDates('2026-03-01', '')).toBe(false);
    expect(hasBothDates('', '2026-03-01')).toBe(false);
    expect(hasBothDates('2026-03-01', '2026-03-01')).toBe(true);
  });

  it('asks for another page after a full one and stops after a short one', () => {
    const page = (count: number) => Array.from({ length: count }, (_, index) => ({ id: 100 - index }));
    expect(nextPrevId(page(20))).toBe(81);
    expect(nextPrevId(page(19))).toBeUndefined();
    expect(nextPrevId([])).toBeUndefined();
  });
});

describe('saved history pages', () => {
  const db = new AppDatabase(`history-${Math.random()}`);
  afterEach(() => db.transactionPages.clear());
  const item = (id: number): TransactionItem => ({
    id,
    createdAt: '2026-03-01T10:00:00.000Z',
    amount: 500,
    balanceOut: 500,
    kind: 'Deposit',
    vertical: 'wallet',
    betId: null,
    iqsTransactionId: null,
    reference: 'r',
    cashOut: false,
  });
  const query = historyQuery('All', lifetime);

  it('saves each fresh page and shows it offline, marked with when it was saved', async () => {
    const list = vi.fn(async () => [item(2), item(1)]);
    const online = { api: { list }, pages: db.transactionPages, online: () => true, now: () => 1_000 };
    expect(await loadHistoryPage(online, 7, query, undefined)).toEqual({ items: [item(2), item(1)], savedAt: null });

    const offline = { ...online, online: () => false };
    expect(await loadHistoryPage(offline, 7, query, undefined)).toEqual({ items: [item(2), item(1)], savedAt: 1_000 });
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('falls back to the saved page when the server cannot be reached, but not when it answers with an error', async () => {
    await db.transactionPages.put({ key: `7|${JSON.stringify(query)}|first`, userId: 7, items: [item(3)], savedAt: 5 });
    const unreachable = {
      api: { list: async () => Promise.reject(new HttpError('Network Error')) },
      pages: db.transactionPages,
      online: () => true,
      now: () => 9,
    };
    expect((await loadHistoryPage(unreachable, 7, query, undefined)).savedAt).toBe(5);
    const refused = { ...unreachable, api: { list: async () => Promise.reject(new HttpError('Boom', 500)) } };
    await expect(loadHistoryPage(refused, 7, query, undefined)).rejects.toThrow('Boom');
  });

  it('keeps pages of different customers, filters and positions apart', async () => {
    const offline = { api: { list: vi.fn() }, pages: db.transactionPages, online: () => false, now: () => 1 };
    await db.transactionPages.put({ key: `7|${JSON.stringify(query)}|first`, userId: 7, items: [item(3)], savedAt: 5 });
    await expect(loadHistoryPage(offline, 8, query, undefined)).rejects.toThrow();
    await expect(loadHistoryPage(offline, 7, historyQuery('Deposit', lifetime), undefined)).rejects.toThrow();
    await expect(loadHistoryPage(offline, 7, query, 3)).rejects.toThrow();
  });
});
