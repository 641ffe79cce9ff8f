import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StoreProvider } from '../../src/stores/context';
import SelfExcludeDrawer from '../../src/features/safer-gambling/SelfExcludeDrawer';
import TimeOutDrawer from '../../src/features/safer-gambling/TimeOutDrawer';
import AccountLockedDrawer from '../../src/features/safer-gambling/AccountLockedDrawer';
import { LOCK_AGREEMENT } from '../../src/contract/safer-gambling';
import { callsTo, createTestRoot, demoUser, token, type Reply } from './support/fakes';

afterEach(cleanup);

async function renderSignedIn(Screen: typeof TimeOutDrawer, answer: Promise<Reply>) {
  const test = createTestRoot({
    routes: {
      'POST /auth/login': { status: 200, body: token() },
      'GET /user/details': { status: 200, body: demoUser },
      'GET /balance': { status: 200, body: { balance: 0, currency: 'GBP' } },
      'POST /responsible-gambling/lock-account': () => answer,
    },
  });
  await test.root.session.login({ email: demoUser.email, password: 'Secret123' });
  render(
    <StoreProvider store={test.root}>
      <Screen />
    </StoreProvider>,
  );
  return { ...test, user: userEvent.setup() };
}

function deferred() {
  let resolve!: (reply: Reply) => void;
  const promise = new Promise<Reply>((done) => (resolve = done));
  return { promise, resolve };
}

describe('time out', () => {
  it('needs a duration and the agreement, switches the header off while it runs, and shows the Error screen on failure', async () => {
    const answer = deferred();
    const { root, user, fetch } = await renderSignedIn(TimeOutDrawer, answer.promise);
    const submit = screen.getByRole('button', { name: 'Take a Time Out' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.selectOptions(screen.getByLabelText('Time out duration'), '7');
    expect(submit.disabled).toBe(true);
    await user.click(screen.getByLabelText(LOCK_AGREEMENT));
    expect(submit.disabled).toBe(false);
    await user.click(submit);
    expect(screen.getByRole('heading', { name: 'Are you sure?' })).toBeTruthy();
    expect(
      screen.getByText(
        'You are about to take a time out for 7 days. You will be logged out at once and cannot log in until it ends. It cannot be cancelled or shortened.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Take a Time Out' }));
    expect(callsTo(fetch, 'POST /responsible-gambling/lock-account')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm Time Out' }));
    await waitFor(() => expect(root.overlays.headerLocked).toBe(true));
    expect(JSON.parse(String(callsTo(fetch, 'POST /responsible-gambling/lock-account')[0]![1]!.body))).toEqual({
      days: 7,
      permanently: false,
    });

    answer.resolve({ status: 500, body: { message: 'Something broke' } });
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeTruthy();
    expect(screen.getByText('Something broke')).toBeTruthy();
    expect(root.overlays.headerLocked).toBe(false);
    expect(root.session.isLoggedIn).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Take a Time Out' })).toBeTruthy();
  });
});

describe('after the lock', () => {
  it('says what happens now, when it ends, and where to get help (GamCare, GAMSTOP), then closes', async () => {
    const { root } = createTestRoot();
    root.overlays.open('account-locked', {
      duration: 7,
      permanently: false,
      kind: 'time-out',
      until: '2026-12-01T10:00:00.000Z',
      message: 'ok',
    });
    const data = root.overlays.top!.data as Parameters<typeof AccountLockedDrawer>[0]['data'];
    render(
      <StoreProvider store={root}>
        <AccountLockedDrawer data={data} />
      </StoreProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Your time out has started' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(
      /^Your time out has started\. You have been logged out and cannot log in until 01\/12\/26 \d\d:00\.$/,
    );
    expect(screen.getByRole('link', { name: /GamCare/ }).getAttribute('href')).toBe('https://www.gamcare.org.uk');
    expect(screen.getByRole('link', { name: /GAMSTOP/ }).getAttribute('href')).toBe('https://www.gamstop.co.uk');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(root.overlays.stack).toHaveLength(0);
  });
});

describe('self-exclude', () => {
  it("asks 'Are you sure?', then logs out and opens the screen that says what happens now and where to get help", async () => {
    const answer = deferred();
    const { root, user, fetch, alert } = await renderSignedIn(SelfExcludeDrawer, answer.promise);
    root.overlays.open('account_responsible-gambling_self-exclude');
    await user.click(screen.getByLabelText('Permanently'));
    await user.click(screen.getByLabelText(LOCK_AGREEMENT));
    await user.click(screen.getByRole('button', { name: 'Self-Exclude' }));
    expect(screen.getByRole('heading', { name: 'Are you sure?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Self-Exclude' }));
    expect(callsTo(fetch, 'POST /responsible-gambling/lock-account')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Confirm Self-Exclude' }));
    await waitFor(() => expect(root.overlays.headerLocked).toBe(true));
    answer.resolve({
      status: 200,
      body: { duration: 0, permanently: true, kind: 'self-exclusion', until: null, message: 'ok' },
    });
    await waitFor(() => expect(root.session.isLoggedIn).toBe(false));
    expect(root.overlays.stack.map((entry) => [entry.definition.name, entry.data])).toEqual([
      ['account-locked', { duration: 0, permanently: true, kind: 'self-exclusion', until: null, message: 'ok' }],
    ]);
    expect(root.overlays.headerLocked).toBe(false);
    expect(alert).not.toHaveBeenCalled();
    expect(JSON.parse(String(callsTo(fetch, 'POST /responsible-gambling/lock-account')[0]![1]!.body))).toEqual({
      days: 0,
      permanently: true,
    });
  });
});
