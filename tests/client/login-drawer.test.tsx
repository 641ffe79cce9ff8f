import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { StoreProvider } from '../../src/stores/context';
import LoginDrawer from '../../src/features/auth/LoginDrawer';
import { createTestRoot, demoUser, token, type Reply, type Route } from './support/fakes';
import { TWO_STEP_INVALID_MESSAGE, TWO_STEP_REQUIRED_MESSAGE } from '../../src/contract/auth';

afterEach(cleanup);

function renderLogin(login: Route | Reply = { status: 200, body: token() }) {
  const test = createTestRoot({
    routes: {
      'POST /auth/login': login,
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
  return { ...test, user: userEvent.setup() };
}

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password', { selector: 'input' });
const submit = () => screen.getByRole('button', { name: 'Login' });

describe('login drawer', () => {
  it('asks for both fields when submitted empty, with the drawer password message', async () => {
    const { user, fetch } = renderLogin();
    await user.click(submit());
    expect(await screen.findByText('Empty email')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(email().getAttribute('aria-describedby')).toBe(screen.getByText('Empty email').id);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses an e-mail that is not an address', async () => {
    const { user, fetch } = renderLogin();
    await user.type(email(), 'not-an-email');
    await user.type(password(), 'Secret123');
    await user.click(submit());
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('turns the e-mail field green once it has the shape of an address', async () => {
    const { user } = renderLogin();
    await user.type(email(), 'demo@example');
    expect(email().classList.contains('field__input--valid')).toBe(false);
    await user.type(email(), '.com');
    expect(email().classList.contains('field__input--valid')).toBe(true);
  });

  it('shows the server error as returned and clears it when the e-mail changes', async () => {
    const { user } = renderLogin({ status: 401, body: { message: 'Invalid email or password' } });
    await user.type(email(), 'demo@example.com');
    await user.type(password(), 'Wrong1234');
    await user.click(submit());
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    await user.type(email(), 'm');
    expect(screen.queryByText('Invalid email or password')).toBeNull();
  });

  it('shows a lock-out as suspension with the support e-mail', async () => {
    const { user, root } = renderLogin({ status: 403, body: { message: 'User is locked out.' } });
    await user.type(email(), 'demo@example.com');
    await user.type(password(), 'Wrong1234');
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'This account has been suspended. To discuss your suspension please contact customer support at support@example.com',
    );
    expect(screen.getByRole('link', { name: 'support@example.com' }).getAttribute('href')).toBe(
      'mailto:support@example.com',
    );
    expect(root.session.isLoggedIn).toBe(false);
  });

  it('tells a customer in a self-exclusion when it ends and how their balance will be returned', async () => {
    const { user, root } = renderLogin({
      status: 403,
      body: {
        message: 'You have self-excluded until 1 June 2027 at 10:00. You can log in again after that.',
        code: 'AccountExcluded',
      },
    });
    await user.type(email(), 'demo@example.com');
    await user.type(password(), 'Secret123');
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'You have self-excluded until 1 June 2027 at 10:00. You can log in again after that.Your balance is safe. To have it returned to your card while your account is locked, contact customer support at support@example.com.',
    );
    expect(screen.getByRole('link', { name: 'support@example.com' }).getAttribute('href')).toBe(
      'mailto:support@example.com',
    );
    expect(root.session.isLoggedIn).toBe(false);
  });

  it('says an unexpected error occurred when no answer came back', async () => {
    const { user } = renderLogin(new TypeError('Failed to fetch'));
    await user.type(email(), 'demo@example.com');
    await user.type(password(), 'Secret123');
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('An unexpected error occurred');
  });

  it('signs in and closes the drawer', async () => {
    const { user, root, fetch } = renderLogin();
    await user.type(email(), ' demo@example.com ');
    await user.type(password(), 'Demo12345');
    await user.click(submit());
    await waitFor(() => expect(root.overlays.stack).toHaveLength(0));
    expect(root.session.isLoggedIn).toBe(true);
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/auth/login'))!;
    expect(JSON.parse(String(init!.body))).toEqual({ email: 'demo@example.com', password: 'Demo12345' });
    root.dispose();
  });

  it('shows and hides the password with a named toggle', async () => {
    const { user } = renderLogin();
    expect(password().getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password().getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password().getAttribute('type')).toBe('password');
  });

  it('opens forgot password and registration from its links', async () => {
    const { user, root } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Forgot password' }));
    expect(root.overlays.top?.definition.name).toBe('forgot-password');
    await user.click(screen.getByRole('button', { name: 'Register now' }));
    expect(root.overlays.top?.definition.name).toBe('register');
  });
});

/** A server whose account has two-step sign-in on: the password alone is answered TwoStepRequired; 246810 is the right code. */
function twoStepServer() {
  const bodies: unknown[] = [];
  const route: Route = (body) => {
    bodies.push(body);
    const code = (body as { code?: string }).code;
    if (code === undefined)
      return { status: 401, body: { message: TWO_STEP_REQUIRED_MESSAGE, code: 'TwoStepRequired' } };
    if (code !== '246810')
      return { status: 401, body: { message: TWO_STEP_INVALID_MESSAGE, code: 'TwoStepCodeInvalid' } };
    return { status: 200, body: { ...token(), previousSignInAt: '2026-11-20T09:30:00.000Z' } };
  };
  return { bodies, route };
}

describe('login drawer with two-step sign-in', () => {
  it('asks for the code as a second step, says when it is wrong, and signs in with the right one', async () => {
    const server = twoStepServer();
    const { user, root } = renderLogin(server.route);
    const bodies = server.bodies;
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
    const { user } = renderLogin(twoStepServer().route);
    await user.type(screen.getByLabelText('Email'), 'demo@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Demo12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.getByLabelText('Recovery code').getAttribute('inputmode')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Back to email and password' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('demo@example.com');
  });
});
