import { expect, it } from 'vitest';
import { format } from 'date-fns';
import { formatDate, formatDateTime, formatTime } from '../../src/lib/dates';

// The hand-written patterns must say exactly what date-fns said before them (src/lib/dates.ts).
it('formats dates, times and both as dd/MM/yyyy, HH:mm and dd/MM/yy HH:mm in local time', () => {
  for (const value of [
    '2026-01-05T00:07:00Z',
    '2026-12-31T23:59:59Z',
    '1999-07-04T09:05:00Z',
    0,
    new Date(2008, 1, 29, 13, 0),
  ]) {
    const date = new Date(value);
    expect(formatDate(value)).toBe(format(date, 'dd/MM/yyyy'));
    expect(formatTime(value)).toBe(format(date, 'HH:mm'));
    expect(formatDateTime(value)).toBe(format(date, 'dd/MM/yy HH:mm'));
  }
  expect(formatDate(new Date(2026, 2, 9))).toBe('09/03/2026');
  expect(formatDateTime(new Date(2026, 2, 9, 7, 4))).toBe('09/03/26 07:04');
});
