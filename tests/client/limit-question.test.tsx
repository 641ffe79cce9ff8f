import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StoreProvider } from '../../src/stores/context';
import { LimitQuestion, LimitQuestionGate } from '../../src/features/limits/LimitQuestion';
import { callsTo, createTestRoot, demoUser, token } from './support/fakes';

afterEach(cleanup);

const unanswered = { mustAnswer: true, lastDecision: null, lastDecisionAt: null, reviewDue: false, nextReviewAt: null };
const answered = (decision: 'set' | 'declined') => ({
  mustAnswer: false,
  lastDecision: decision,
  lastDecisionAt: '2026-06-01T12:00:00.000Z',
  reviewDue: false,
  nextReviewAt: '2026-12-01T12:00:00.000Z',
});

function rootWithLimits() {
  let limits: Record<string, unknown> = { daily: null, weekly: null, monthly: null };
  let question: Record<string, unknown> = unanswered;
  return createTestRoot({
    routes: {
      'POST /auth/login': { status: 200, body: token() },
      'GET /user/details': { status: 200, body: demoUser },
      'GET /balance': { status: 200, body: { balance: 0, currency: 'GBP' } },
      'GET /responsible-gambling/get-limits': () => ({ status: 200, body: limits }),
      'GET /responsible-gambling/limit-question': () => ({ status: 200, body: question }),
      'POST /responsible-gambling/decline-limit': () => {
        question = answered('declined');
        return { status: 200, body: question };
      },
      'POST /responsible-gambling/set-limit': (body) => {
        const { amount } = body as { amount: number };
        const limit = {
          id: 1,
          kind: 'Weekly',
          amount,
          active: true,
          effectiveFrom: new Date().toISOString(),
          remaining: { remainingAmount: amount },
        };
        limits = { ...limits, weekly: limit };
        question = answered('set');
        return { status: 200, body: { message: 'ok', limit } };
      },
    },
  });
}

describe('the deposit-limit question', () => {
  it('chooses neither answer for the customer, and declining is sent to the server before going on', async () => {
    const test = rootWithLimits();
    await test.root.session.login({ email: demoUser.email, password: 'Secret123' });
    const onDone = vi.fn();
    render(
      <StoreProvider store={test.root}>
        <LimitQuestion onDone={onDone} />
      </StoreProvider>,
    );
    const user = userEvent.setup();
    const yes = await screen.findByRole('radio', { name: 'Yes, set a deposit limit' });
    const no = screen.getByRole('radio', { name: 'No, not now' });
    expect([(yes as HTMLInputElement).checked, (no as HTMLInputElement).checked]).toEqual([false, false]);
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
    await user.click(no);
    await user.click(screen.getByRole('button', { name: 'Continue without a limit' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(callsTo(test.fetch, 'POST /responsible-gambling/decline-limit')).toHaveLength(1);
    expect(test.root.limitQuestion.mustAnswer).toBe(false);
  });

  it('goes on after a limit is set, sent in pence, and not before', async () => {
    const test = rootWithLimits();
    await test.root.session.login({ email: demoUser.email, password: 'Secret123' });
    const onDone = vi.fn();
    render(
      <StoreProvider store={test.root}>
        <LimitQuestion onDone={onDone} />
      </StoreProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Yes, set a deposit limit' }));
    const next = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Weekly' }));
    await user.click(screen.getByRole('button', { name: '£50' }));
    await user.click(screen.getByRole('button', { name: 'Set weekly limit' }));
    expect(await screen.findByText('New limit is £50.00 which is in effect immediately.')).toBeTruthy();
    await user.click(next);
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    const sent = callsTo(test.fetch, 'POST /responsible-gambling/set-limit')[0]!;
    expect(JSON.parse(String((sent[1] as RequestInit).body))).toEqual({
      amount: 5000,
      kind: 'Weekly',
      userId: demoUser.id,
    });
    expect(callsTo(test.fetch, 'POST /responsible-gambling/decline-limit')).toHaveLength(0);
  });

  it('stands before the cashier until answered, then shows it', async () => {
    const test = rootWithLimits();
    await test.root.session.login({ email: demoUser.email, password: 'Secret123' });
    render(
      <StoreProvider store={test.root}>
        <LimitQuestionGate>
          <p>The cashier</p>
        </LimitQuestionGate>
      </StoreProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'No, not now' }));
    expect(screen.queryByText('The cashier')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue without a limit' }));
    expect(await screen.findByText('The cashier')).toBeTruthy();
  });

  it("says 'Error loading user details: ...' when the user cannot be loaded", async () => {
    const test = createTestRoot({
      routes: {
        'POST /auth/login': { status: 200, body: token() },
        'GET /user/details': { status: 500, body: { message: 'Server down' } },
        'GET /balance': { status: 200, body: { balance: 0, currency: 'GBP' } },
        'GET /responsible-gambling/get-limits': { status: 200, body: { daily: null, weekly: null, monthly: null } },
      },
    });
    await test.root.session.login({ email: demoUser.email, password: 'Secret123' }).catch(() => undefined);
    render(
      <StoreProvider store={test.root}>
        <LimitQuestion onDone={vi.fn()} />
      </StoreProvider>,
    );
    expect(await screen.findByText('Error loading user details: Server down')).toBeTruthy();
  });
});
