import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { StoreProvider } from '../../src/stores/context';
import LoginDrawer from '../../src/features/auth/LoginDrawer';
import { TWO_STEP_INVALID_MESSAGE, TWO_STEP_REQUIRED_MESSAGE } from '../../src/contract/auth';
import { createTestRoot, demoUser, token } from './support/fakes';

afterEach(cleanup);

/** A server whose account has two-step sign-in on: the password alone is answered TwoStepRequired; 246810 is the right code. */
function renderLogin() {
  const bodies: unknown[] = [];
  const test = createTestRoot({
    routes: {
      'POST /auth/login': (body) => {
        bodies.push(body);
        const code = (body as { code?: string }).code;
        if (code === undefined) return { status: 401, body: { message: TWO_STEP_REQUIRED_MESSAGE, code: 'TwoStepRequired' } };
        if (code !== '246810') return { status: 401, body: { message: TWO_STEP_INVALID_MESSAGE, code: 'TwoStepCodeInvalid' } };
        return { status: 200, body: { ...token(), previousSignInAt: '2026-11-20T09:30:00.000Z' } };
      },
      'GET /user/details': { status: 200, body: demoUser },
      'GET /balance': { status: 200, body: { balance: 6000, currency: 'GBP' } },
    },
  });
  test.root.overlays.open('login');
  render(
    <StoreProvider store={test.root}>
      <QueryClientProvider client={test.root.queryClient}>
        <LoginDrawer />
      </QueryClientProvider>
    </StoreProvider>,
  );
  return { ...test, bodies, user: userEvent.setup() };
}

describe('login drawer with two-step sign-in', () => {
  it('asks for the code as a second step, says when it is wrong, and signs in with the right one', async () => {
    const { user, root, bodies } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'demo@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Demo12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const code = await screen.findByLabelText('Code from your app');
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(TWO_STEP_INVALID_MESSAGE);
    expect(root.session.isLoggedIn).toBe(false);

    await user.type(screen.getByLabelText('Code from your app'), '246810');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(root.overlays.stack).toHaveLength(0));
    expect(root.session.isLoggedIn).toBe(true);
    expect(root.session.previousSignInAt).toBe('2026-11-20T09:30:00.000Z');
    expect(bodies).toEqual([
      { email: 'demo@example.com', password: 'Demo12345' },
      { email: 'demo@example.com', password: 'Demo12345', code: '111111' },
      { email: 'demo@example.com', password: 'Demo12345', code: '246810' },
    ]);
  });

  it('offers a recovery code instead, and goes back to the password step', async () => {
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'demo@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Demo12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.getByLabelText('Recovery code').getAttribute('inputmode')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Back to email and password' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('demo@example.com');
  });
});
