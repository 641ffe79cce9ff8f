import { describe, expect, it, vi } from 'vitest';
import { LimitQuestionStore } from '../../src/features/limits/LimitQuestionStore';
import type { LimitQuestionResponse } from '../../src/contract/limits';
import { HttpError } from '../../src/api/http';

const status = (overrides: Partial<LimitQuestionResponse>): LimitQuestionResponse => ({
  mustAnswer: false,
  lastDecision: 'declined',
  lastDecisionAt: '2026-01-01T00:00:00.000Z',
  reviewDue: false,
  nextReviewAt: '2026-07-01T00:00:00.000Z',
  ...overrides,
});

describe('the six-monthly limit review reminder', () => {
  it('shows only when the server says a review is due, and goes at once when dismissed, the server told', async () => {
    const api = {
      limitQuestion: vi.fn(async () => status({ reviewDue: true })),
      declineLimit: vi.fn(),
      limitReviewed: vi.fn(async () => status({ lastDecision: 'reviewed', nextReviewAt: '2027-01-01T00:00:00.000Z' })),
    };
    const store = new LimitQuestionStore({ api });
    expect(store.showReviewReminder).toBe(false);
    await store.load();
    expect(store.showReviewReminder).toBe(true);
    const sent = store.reviewed();
    expect(store.showReviewReminder).toBe(false);
    await sent;
    expect(api.limitReviewed).toHaveBeenCalledOnce();
    expect(store.status?.nextReviewAt).toBe('2027-01-01T00:00:00.000Z');
  });

  it('never shows while the first question is unanswered, nor when not due', async () => {
    const unanswered = new LimitQuestionStore({
      api: {
        limitQuestion: async () => status({ mustAnswer: true, reviewDue: true }),
        declineLimit: vi.fn(),
        limitReviewed: vi.fn(),
      },
    });
    await unanswered.load();
    expect([unanswered.mustAnswer, unanswered.showReviewReminder]).toEqual([true, false]);
    const notDue = new LimitQuestionStore({
      api: { limitQuestion: async () => status({}), declineLimit: vi.fn(), limitReviewed: vi.fn() },
    });
    await notDue.load();
    expect(notDue.showReviewReminder).toBe(false);
  });

  it('keeps a decline that failed as an error and the question still unanswered', async () => {
    const store = new LimitQuestionStore({
      api: {
        limitQuestion: async () => status({ mustAnswer: true }),
        declineLimit: vi.fn(async () => {
          throw new HttpError('Network down', 503);
        }),
        limitReviewed: vi.fn(),
      },
    });
    await store.load();
    store.choose('decline');
    expect(await store.decline()).toBe(false);
    expect(store.error).toBe('Network down');
    expect(store.mustAnswer).toBe(true);
  });
});
