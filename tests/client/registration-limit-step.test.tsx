import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StoreProvider } from '../../src/stores/context';
import { RegistrationLimitStep } from '../../src/features/limits/RegistrationLimitStep';
import { createTestRoot, demoUser, token } from './support/fakes';

afterEach(cleanup);

describe('registration limit step', () => {
  it('reads Skip until a limit is set, then Next, and sends the limit in pence', async () => {
    let limits: Record<string, unknown> = { daily: null, weekly: null, monthly: null };
    const test = createTestRoot({
      routes: {
        'POST /auth/login': { status: 200, body: token() },
        'GET /user/details': { status: 200, body: demoUser },
        'GET /balance': { status: 200, body: { balance: 0, currency: 'GBP' } },
        'GET /responsible-gambling/get-limits': () => ({ status: 200, body: limits }),
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
          return { status: 200, body: { message: 'ok', limit } };
        },
      },
    });
    await test.root.session.login({ email: demoUser.email, password: 'Secret123' });
    const onDone = vi.fn();
    render(
      <StoreProvider store={test.root}>
        <RegistrationLimitStep onDone={onDone} />
      </StoreProvider>,
    );
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Skip' })).toBeTruthy();
    // Without a limit the screen says so, rather than showing nothing about the period.
    expect((await screen.findByTestId('no-limit')).textContent).toBe(
      'You have no daily deposit limit. A new one takes effect at once.',
    );
    await user.click(screen.getByRole('button', { name: 'Weekly' }));
    expect(screen.getByTestId('no-limit').textContent).toBe(
      'You have no weekly deposit limit. A new one takes effect at once.',
    );
    await user.click(screen.getByRole('button', { name: '£50' }));
    await user.click(screen.getByRole('button', { name: 'Set weekly limit' }));
    expect(await screen.findByText('New limit is £50.00 which is in effect immediately.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onDone).toHaveBeenCalledOnce();
    const sent = test.fetch.mock.calls.find(([input]) => String(input).endsWith('/set-limit'))!;
    expect(JSON.parse(String((sent[1] as RequestInit).body))).toEqual({
      amount: 5000,
      kind: 'Weekly',
      userId: demoUser.id,
    });
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
        <RegistrationLimitStep onDone={vi.fn()} />
      </StoreProvider>,
    );
    expect(await screen.findByText('Error loading user details: Server down')).toBeTruthy();
  });
});
