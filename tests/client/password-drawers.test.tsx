import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StoreProvider } from '../../src/stores/context';
import ForgotPasswordDrawer from '../../src/features/auth/ForgotPasswordDrawer';
import ResetPasswordDrawer from '../../src/features/auth/ResetPasswordDrawer';
import { callsTo, createTestRoot, token, type Reply } from './support/fakes';
import { runInAction } from 'mobx';
import { toStoredToken } from '../../src/stores/SessionStore';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ok: Reply = { status: 200, body: { message: 'ok' } };

function renderForgot(reply: Reply = ok) {
  const test = createTestRoot({ routes: { 'POST /auth/forgot_password': reply } });
  test.root.overlays.open('forgot-password');
  render(
    <StoreProvider store={test.root}>
      <ForgotPasswordDrawer />
    </StoreProvider>,
  );
  return { ...test, user: userEvent.setup() };
}

describe('forgot password drawer', () => {
  it('validates the e-mail on blur', async () => {
    const { user } = renderForgot();
    const email = screen.getByLabelText('Email');
    await user.click(email);
    await user.tab();
    expect(await screen.findByText('Empty email')).toBeTruthy();
    await user.type(email, 'nobody');
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.queryByText('Empty email')).toBeNull();
  });

  it('strips characters an e-mail address cannot hold as they are typed', async () => {
    const { user } = renderForgot();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    await user.type(email, 'de mo!#(x)@exa$mple.com');
    expect(email.value).toBe('demox@example.com');
  });

  it('sends the address and confirms with Reset Link Sent, then goes back to login', async () => {
    const { user, fetch, root } = renderForgot();
    await user.type(screen.getByLabelText('Email'), 'demo@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Reset Link Sent' })).toBeTruthy();
    const [[, init]] = callsTo(fetch, 'POST /auth/forgot_password');
    expect(JSON.parse(String(init!.body))).toEqual({ email: 'demo@example.com' });
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(root.overlays.top?.definition.name).toBe('login');
  });

  it('shows a refusal as returned and stays on the form', async () => {
    const { user } = renderForgot({ status: 429, body: { message: 'Too many requests, please try again later.' } });
    await user.type(screen.getByLabelText('Email'), 'demo@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests, please try again later.');
    expect(screen.queryByText('Reset Link Sent')).toBeNull();
  });
});

function renderReset(
  data: { code?: string } | undefined = { code: 'reset-code' },
  reply: Reply = ok,
  options: { loggedIn?: boolean } = {},
) {
  const test = createTestRoot({ routes: { 'POST /auth/reset_password': reply } });
  if (options.loggedIn) runInAction(() => (test.root.session.token = toStoredToken(token(), Date.now())));
  test.root.overlays.open('reset-password', data);
  render(
    <StoreProvider store={test.root}>
      <ResetPasswordDrawer data={data} />
    </StoreProvider>,
  );
  return { ...test, user: userEvent.setup() };
}

const newPassword = () => screen.getByLabelText('New password', { selector: 'input' });
const repeatPassword = () => screen.getByLabelText('Repeat password', { selector: 'input' });
const checklist = () =>
  Object.fromEntries(
    screen.getAllByRole('listitem').map((item) => [item.firstChild!.textContent, item.getAttribute('data-met')]),
  );

describe('reset password drawer', () => {
  it('ticks the checklist as the new password is typed', async () => {
    const { user } = renderReset();
    expect(checklist()).toEqual({
      '8 characters': 'false',
      'At least 1 number': 'false',
      'At least 1 letter': 'false',
    });
    await user.type(newPassword(), 'a');
    expect(checklist()).toEqual({ '8 characters': 'false', 'At least 1 number': 'false', 'At least 1 letter': 'true' });
    await user.type(newPassword(), '1');
    expect(checklist()).toEqual({ '8 characters': 'false', 'At least 1 number': 'true', 'At least 1 letter': 'true' });
    await user.type(newPassword(), '234567');
    expect(checklist()).toEqual({ '8 characters': 'true', 'At least 1 number': 'true', 'At least 1 letter': 'true' });
  });

  it.each([
    ['short1', 'Password must be at least 8 characters'],
    ['abcdefgh', 'Password must include at least 1 number'],
    ['12345678', 'Password must include at least 1 letter'],
  ])('says what %s lacks when the field is left', async (typed, message) => {
    const { user } = renderReset();
    await user.type(newPassword(), typed);
    expect(screen.queryByText(message)).toBeNull();
    await user.tab();
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('says the passwords do not match when the repeat is left', async () => {
    const { user, fetch } = renderReset();
    await user.type(newPassword(), 'Newpass123');
    await user.type(repeatPassword(), 'Newpass124');
    await user.tab();
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(callsTo(fetch, 'POST /auth/reset_password')).toHaveLength(0);
  });

  it('resets with the code from the drawer data, then Continue opens login when signed out', async () => {
    const { user, fetch, root } = renderReset({ code: 'abc123' });
    await user.type(newPassword(), 'Newpass123');
    await user.type(repeatPassword(), 'Newpass123');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('heading', { name: 'Password successfully reset' })).toBeTruthy();
    const [[, init]] = callsTo(fetch, 'POST /auth/reset_password');
    expect(JSON.parse(String(init!.body))).toEqual({
      code: 'abc123',
      newPassword: 'Newpass123',
      repeatedPassword: 'Newpass123',
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(root.overlays.top?.definition.name).toBe('login');
  });

  it('Continue only closes when signed in', async () => {
    const { user, root } = renderReset({ code: 'abc123' }, ok, { loggedIn: true });
    await user.type(newPassword(), 'Newpass123');
    await user.type(repeatPassword(), 'Newpass123');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(root.overlays.stack).toHaveLength(0);
    expect(root.session.isLoggedIn).toBe(true);
  });

  it('shows an expired link as returned', async () => {
    const { user } = renderReset(
      { code: 'old' },
      { status: 401, body: { message: 'This reset link has expired or was already used.' } },
    );
    await user.type(newPassword(), 'Newpass123');
    await user.type(repeatPassword(), 'Newpass123');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This reset link has expired or was already used.');
  });

  it('only logs a missing code and sends nothing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, fetch } = renderReset({});
    await user.type(newPassword(), 'Newpass123');
    await user.type(repeatPassword(), 'Newpass123');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await vi.waitFor(() => expect(logged).toHaveBeenCalledTimes(1));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByText('Password successfully reset')).toBeNull();
  });
});
