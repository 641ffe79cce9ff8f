import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestRoot, demoUser, token } from '../support/fakes';

let current: ReturnType<typeof createTestRoot> | undefined;
afterEach(() => {
  current?.root.dispose();
  current = undefined;
});

async function signedIn(balance: () => number) {
  current = createTestRoot({
    routes: {
      'POST /auth/login': { status: 200, body: token() },
      // The user details arrive after the first balance, as they often do in the browser.
      'GET /user/details': async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { status: 200, body: demoUser };
      },
      'GET /balance': () => ({ status: 200, body: { balance: balance(), currency: 'GBP' } }),
    },
  });
  await current.root.session.login({ email: 'demo@example.com', password: 'Demo12345' });
  await vi.waitFor(async () =>
    expect(await current!.root.db.lastBalance.get(demoUser.id)).toMatchObject({ balance: 4_200 }),
  );
  return current.root;
}

describe('balance offline', () => {
  it('keeps the first balance on the device and shows it, marked as last known, when the network goes', async () => {
    let balance = 4_200;
    const root = await signedIn(() => balance);
    expect(root.balance.lastKnownAt).toBeNull();

    root.network.set(false);
    await vi.waitFor(() => expect(root.balance.lastKnownAt).not.toBeNull());
    expect(root.balance.balance).toBe(4_200);

    balance = 4_700;
    root.network.set(true);
    await vi.waitFor(() => expect(root.balance.balance).toBe(4_700));
    expect(root.balance.lastKnownAt).toBeNull();
  });

  it('a result of a deposit or withdrawal replaces the figure and is kept', async () => {
    const root = await signedIn(() => 4_200);
    root.balance.set(6_200);
    await vi.waitFor(async () => expect(await root.db.lastBalance.get(demoUser.id)).toMatchObject({ balance: 6_200 }));
  });
});
