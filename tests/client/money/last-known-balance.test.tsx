import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { StoreProvider } from '../../../src/stores/context';
import { toStoredToken, tokenSubject } from '../../../src/stores/SessionStore';
import { TOKEN_STORAGE_KEY } from '../../../src/stores/tokenStorageKey';
import { Header } from '../../../src/app/Header';
import AccountDrawer from '../../../src/features/account/AccountDrawer';
import { createTestRoot, demoUser, memoryStorage, token, type Reply, type Route } from '../support/fakes';

let current: ReturnType<typeof createTestRoot> | undefined;
afterEach(() => {
  cleanup();
  current?.root.dispose();
  current = undefined;
});

/** An access token shaped like the server's: a JWT whose subject is the user id. */
const jwtFor = (userId: number) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub: String(userId) })).replace(/=+$/, '')}.signature`;

const text = (element: Element) => element.textContent ?? '';
const name = (element: Element) => element.getAttribute('aria-label') ?? '';

const unreachable = (): Reply => new TypeError('Failed to fetch');

/** A page reloaded with a stored session, the server answering as `routes` say. */
async function reloaded(routes: Record<string, Route | Reply>) {
  const storage = memoryStorage({
    [TOKEN_STORAGE_KEY]: JSON.stringify(toStoredToken(token({ accessToken: jwtFor(demoUser.id) }), Date.now())),
  });
  current = createTestRoot({ routes, storage });
  return current.root;
}

function renderShell(root: ReturnType<typeof createTestRoot>['root']) {
  return render(
    <StoreProvider store={root}>
      <QueryClientProvider client={root.queryClient}>
        <Header />
        <AccountDrawer />
      </QueryClientProvider>
    </StoreProvider>,
  );
}

describe('the balance when the server cannot be reached', () => {
  it('after a reload shows the balance this device last saw, with its time, and never £0.00', async () => {
    const root = await reloaded({ 'GET /balance': unreachable, 'GET /user/details': unreachable });
    const savedAt = Date.now() - 5 * 60_000;
    await root.db.lastBalance.put({ userId: demoUser.id, balance: 4_200, currency: 'GBP', savedAt });
    renderShell(root);
    await root.start();

    await vi.waitFor(() => expect(root.balance.lastKnownAt).toBe(savedAt));
    const header = await screen.findByTestId('header-balance');
    await vi.waitFor(() => expect(text(header)).toMatch('£42.00'));
    expect(text(header)).toMatch(/last known \d\d:\d\d/);
    expect(name(header)).toMatch(/^Balance £42\.00 \(last known, \d\d:\d\d\), open account$/);
    expect(text(document.body)).not.toMatch('£0.00');
  });

  it('with nothing saved says the balance is unavailable instead of showing £0.00', async () => {
    const root = await reloaded({ 'GET /balance': unreachable, 'GET /user/details': { status: 200, body: demoUser } });
    renderShell(root);
    await root.start();

    await vi.waitFor(() => expect(root.balance.unavailable).toBe(true));
    const header = screen.getByTestId('header-balance');
    expect(name(header)).toBe('Balance unavailable, open account');
    expect(text(await screen.findByTestId('balance-notice'))).toMatch(
      'Our service is unavailable right now. Your balance cannot be shown until we are back.',
    );
    await vi.waitFor(() =>
      expect((screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(text(document.body)).not.toMatch('£0.00');
  });

  it('while the first answer is on its way shows a placeholder, not £0.00, then the balance', async () => {
    let answer: (reply: Reply) => void = () => {};
    const root = await reloaded({
      'GET /balance': () => new Promise<Reply>((resolve) => (answer = resolve)),
      'GET /user/details': { status: 200, body: demoUser },
    });
    renderShell(root);
    await root.start();

    const header = screen.getByTestId('header-balance');
    expect(name(header)).toBe('Balance loading, open account');
    expect(text(document.body)).not.toMatch('£0.00');
    answer({ status: 200, body: { balance: 0, currency: 'GBP' } });
    await vi.waitFor(() => expect(text(header)).toMatch('£0.00'));
    expect(screen.queryByTestId('balance-notice')).toBeNull();
  });

  it('the server going away under a signed-in page turns the fresh figure into the last known one', async () => {
    let down = false;
    const root = await reloaded({
      'GET /balance': () => (down ? unreachable() : { status: 200, body: { balance: 1_550, currency: 'GBP' } }),
      'GET /user/details': { status: 200, body: demoUser },
    });
    renderShell(root);
    await root.start();
    const header = screen.getByTestId('header-balance');
    await vi.waitFor(() => expect(text(header)).toMatch('£15.50'));
    await vi.waitFor(async () => expect(await root.db.lastBalance.get(demoUser.id)).toMatchObject({ balance: 1_550 }));

    down = true;
    await root.balance.fetch();
    await vi.waitFor(() => expect(text(header)).toMatch(/£15\.50last known/));
    expect(text(screen.getByTestId('account-balance'))).toMatch('£15.50');
    expect(text(screen.getByTestId('balance-notice'))).toMatch(/This is your last known balance, from \d\d:\d\d\./);
  });
});

describe('tokenSubject', () => {
  it('reads the numeric subject of a JWT and nothing else', () => {
    expect(tokenSubject(jwtFor(42))).toBe(42);
    expect(tokenSubject('access-1')).toBeNull();
    expect(tokenSubject('a.!!!.c')).toBeNull();
    expect(tokenSubject(`x.${btoa(JSON.stringify({ sub: 'someone' }))}.y`)).toBeNull();
  });
});
