import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StoreProvider } from '../../src/stores/context';
import SelfExcludeDrawer from '../../src/features/safer-gambling/SelfExcludeDrawer';
import TimeOutDrawer from '../../src/features/safer-gambling/TimeOutDrawer';
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
    await waitFor(() => expect(root.overlays.headerLocked).toBe(true));
    expect(JSON.parse(String(callsTo(fetch, 'POST /responsible-gambling/lock-account')[0]![1]!.body))).toEqual({ days: 7, permanently: false });

    answer.resolve({ status: 500, body: { message: 'Something broke' } });
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeTruthy();
    expect(screen.getByText('Something broke')).toBeTruthy();
    expect(root.overlays.headerLocked).toBe(false);
    expect(root.session.isLoggedIn).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Take a Time Out' })).toBeTruthy();
  });
});

describe('self-exclude', () => {
  it("asks 'Are you sure?', then logs out and announces it once the drawer has closed", async () => {
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
    answer.resolve({ status: 200, body: { duration: 0, permanently: true, kind: 'self-exclusion', until: null, message: 'ok' } });
    await waitFor(() => expect(root.session.isLoggedIn).toBe(false));
    expect(root.overlays.stack).toHaveLength(0);
    expect(root.overlays.headerLocked).toBe(false);
    expect(alert).not.toHaveBeenCalled();
    await waitFor(() => expect(alert).toHaveBeenCalledWith(expect.stringContaining('permanently self-excluded')));
    expect(JSON.parse(String(callsTo(fetch, 'POST /responsible-gambling/lock-account')[0]![1]!.body))).toEqual({ days: 0, permanently: true });
  });
});
