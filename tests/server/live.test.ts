import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { capturedLog, openLiveSocket, expectTooBigClosedQuietly } from './support/live-socket';
import { buildApp } from '../../server/app';
import { describeEachDatabase, createUser, login, type TestContext } from './support/harness';
import WebSocket from 'ws';
import { LIVE_CLOSE_FORBIDDEN_ORIGIN, LIVE_CLOSE_UNAUTHORIZED } from '../../src/contract/live';
import { waitFor } from './support/wait';

const openSocket = (port: number, token?: string, options?: { origin?: string }) =>
  openLiveSocket(`ws://127.0.0.1:${port}`, token, options);

describeEachDatabase('live connection /wws', (use) => {
  let port = 0;
  beforeAll(async () => {
    await use().app.listen({ port: 0, host: '127.0.0.1' });
    port = (use().app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of use().services.live.allSockets()) socket.terminate();
  });

  /** A logged-in customer whose live socket the server has registered. */
  async function connectedCustomer(context: TestContext, balance?: number) {
    const user = await createUser(context, { balance });
    const { accessToken } = await login(context, user);
    const live = openSocket(port, accessToken);
    await live.opened;
    await waitFor(() => context.services.live.connectionCount(user.id) === 1);
    return { user, accessToken, live };
  }

  it('closes a socket that brings no token, or a bad one, with the unauthorised close code', async () => {
    const none = openSocket(port, '');
    expect(await none.closed).toBe(LIVE_CLOSE_UNAUTHORIZED);
    const bad = openSocket(port, 'not-a-token');
    expect(await bad.closed).toBe(LIVE_CLOSE_UNAUTHORIZED);
  });

  it('pushes updateBalance after a committed balance change', async () => {
    const context = use();
    const { user, live } = await connectedCustomer(context, 1000);
    await context.services.wallet.adjust(user.id, 250, 'goodwill');
    await waitFor(() => live.messages.length > 0);
    expect(live.messages).toEqual([{ type: 'updateBalance', data: { balance: 1250 } }]);
    live.socket.close(1000);
  });

  it('sends userSuspension when the operator suspends the customer', async () => {
    const context = use();
    const { user, live } = await connectedCustomer(context);
    await context.services.accounts.suspend(user.id);
    await waitFor(() => live.messages.length > 0);
    expect(live.messages).toEqual([{ type: 'userSuspension' }]);
    live.socket.close(1000);
  });

  it('closes the live connections of a customer who logs out', async () => {
    const context = use();
    const { user, accessToken, live } = await connectedCustomer(context);
    await context.request({ method: 'POST', url: '/auth/logout', token: accessToken });
    expect(await live.closed).not.toBe(1000);
    await waitFor(() => context.services.live.connectionCount(user.id) === 0);
  });

  it('ignores a token in the address: the token is the first message, which proxies and logs never see', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const old = new WebSocket(`ws://127.0.0.1:${port}/wws?token=${encodeURIComponent(accessToken)}`);
    const closed = new Promise<number>((resolve) => old.on('close', (code) => resolve(code)));
    await new Promise((resolve) => old.on('open', resolve));
    old.send(JSON.stringify({ type: 'hello' }));
    expect(await closed).toBe(LIVE_CLOSE_UNAUTHORIZED);
    expect(context.services.live.connectionCount(user.id)).toBe(0);
  });

  it('refuses a handshake from another site’s page, and accepts the app’s own origin', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const foreign = openSocket(port, accessToken, { origin: 'https://evil.example' });
    expect(await foreign.closed).toBe(LIVE_CLOSE_FORBIDDEN_ORIGIN);
    expect(context.services.live.connectionCount(user.id)).toBe(0);
    const own = openSocket(port, accessToken, { origin: new URL(context.services.config.publicUrl).origin });
    await own.opened;
    await waitFor(() => context.services.live.connectionCount(user.id) === 1);
    own.socket.close(1000);
  });

  it('closes the open socket of a customer the operator suspends, and keeps the old token out after unsuspension', async () => {
    const context = use();
    const { user, accessToken, live } = await connectedCustomer(context);
    await context.services.accounts.suspend(user.id);
    expect(await live.closed).not.toBe(1000);
    expect(live.messages).toEqual([{ type: 'userSuspension' }]);
    await waitFor(() => context.services.live.connectionCount(user.id) === 0);
    await context.services.accounts.unsuspend(user.id);
    const again = openSocket(port, accessToken);
    expect(await again.closed).toBe(LIVE_CLOSE_UNAUTHORIZED);
    await context.services.wallet.adjust(user.id, 100, 'after unsuspension');
    expect(live.messages).toEqual([{ type: 'userSuspension' }]);
  });

  it('does not deliver one customer’s balance to another', async () => {
    const context = use();
    const alice = await createUser(context, { balance: 100 });
    const { user: bob, live: bobLive } = await connectedCustomer(context, 100);
    await context.services.wallet.adjust(alice.id, 50, 'alice only');
    await context.services.wallet.adjust(bob.id, 7, 'bob');
    await waitFor(() => bobLive.messages.length > 0);
    expect(bobLive.messages).toEqual([{ type: 'updateBalance', data: { balance: 107 } }]);
    bobLive.socket.close(1000);
  });

  it('answers a message over 4 KB with close code 1009 (too big) and one line of warning: no error, no stack', async () => {
    const log = capturedLog();
    const app = await buildApp({ services: use().services, logLevel: 'info', logStream: log.stream });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const live = openSocket((app.server.address() as AddressInfo).port);
      await live.opened;
      await expectTooBigClosedQuietly(live.socket, log);
    } finally {
      await app.close();
    }
  });
});
