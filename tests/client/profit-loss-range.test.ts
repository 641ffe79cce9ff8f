import { describe, expect, it } from 'vitest';
import { profitLossRange, BOTH_DATES_NEEDED } from '../../src/features/safer-gambling/range';
import { lockedAlert } from '../../src/features/safer-gambling/useLockAccount';

const now = new Date('2026-03-10T12:00:00Z');

describe('profit and loss range', () => {
  it("refuses a 'To' before 'From' without a request", () => {
    expect(profitLossRange('Custom', now, '2026-03-05', '2026-03-01')).toEqual({
      error: "'To' date cannot be before 'From' date.",
    });
  });

  it('needs both dates for a custom range', () => {
    expect(profitLossRange('Custom', now, '2026-03-05', '')).toEqual({ error: BOTH_DATES_NEEDED });
  });

  it('covers whole local days for a custom range, both ends included', () => {
    const outcome = profitLossRange('Custom', now, '2026-03-01', '2026-03-01');
    if (!('request' in outcome)) throw new Error('expected a request');
    expect(new Date(outcome.request.from).getTime()).toBe(new Date('2026-03-01T00:00:00').getTime());
    expect(new Date(outcome.request.to).getTime()).toBe(new Date('2026-03-02T00:00:00').getTime() - 1);
  });

  it('runs presets up to now', () => {
    expect(profitLossRange('24 Hrs', now)).toEqual({
      request: { from: '2026-03-09T12:00:00.000Z', to: '2026-03-10T12:00:00.000Z' },
    });
  });
});

describe('lock confirmation', () => {
  it('names the end, or says it is permanent', () => {
    expect(lockedAlert({ kind: 'time-out', until: '2026-03-13T12:00:00.000Z', permanently: false })).toMatch(
      /^Your time out has started\. You have been logged out and cannot log in until \d\d\/03\/26 \d\d:\d\d\.$/,
    );
    expect(lockedAlert({ kind: 'self-exclusion', until: null, permanently: true })).toContain('permanently');
  });
});
