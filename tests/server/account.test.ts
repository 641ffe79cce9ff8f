import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { openLiveSocket } from './support/live-socket';
import { JPEG, multipart, PNG, WEBP } from './support/multipart';
import {
  describeEachDatabase,
  createUser,
  login,
  TEST_CONFIG,
  type TestContext,
  type TestUser,
} from './support/harness';
import { sweepBadBodies } from './support/sweep';
import {
  EMAIL_CANNOT_CHANGE,
  MARKETING_DURING_EXCLUSION,
  WALLET_NOT_ZERO,
  USER_HAS_OPEN_BETS,
} from '../../src/contract/account';
import { REGISTRATION_MESSAGES } from '../../src/contract/registration';
import { tombstoneEmail, ERASED_DATE_OF_BIRTH } from '../../server/modules/account/service';
import { BetsRecordOpenBetsCheck } from '../../server/modules/bets/open-bets';
import { openSession, placeBet, rollbackBody, settleBet, walletCall } from './support/games';
import { DAY } from '../../server/platform/clock';
import { parse } from '../../server/platform/http/parse';
import { updateDetailsRequest } from '../../src/contract/account';

const validDetails = (email: string) => ({
  address1: '10 Downing Street',
  address2: 'Westminster',
  addressCity: 'London',
  addressPostCode: 'sw1a2aa',
  email,
  phone: '+447700900123',
  marketingOffersEmail: true,
  marketingOffersPhone: false,
  marketingOffersSms: true,
});

async function userRow(context: TestContext, id: number) {
  return context.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function uploadAvatar(
  context: TestContext,
  token: string,
  bytes: Buffer,
  options?: Parameters<typeof multipart>[1],
) {
  return context.request({ method: 'POST', url: '/auth/change_avatar', token, ...multipart(bytes, options) });
}

/** A stake through the sportsbook's door: the wallet API writes the posting and the bets record together. */
async function placeStake(context: TestContext, user: TestUser, betId: string, amount: number) {
  return placeBet(context, await openSession(context, user), amount, { betId });
}

async function settle(context: TestContext, user: TestUser, betId: string, amount: number, closesBet = true) {
  await settleBet(context, user.id, betId, amount, closesBet);
}

describeEachDatabase('account', (use) => {
  it('updates address, phone and marketing choices, normalising the postcode', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const response = await context.request({
      method: 'PUT',
      url: '/auth/update_details',
      token: accessToken,
      payload: validDetails(user.email.toUpperCase()),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      address1: '10 Downing Street',
      addressCity: 'London',
      addressPostCode: 'SW1A 2AA',
      phone: '+447700900123',
      marketingOffersEmail: true,
      marketingOffersSms: true,
      email: user.email,
    });
    const details = await context.request({ method: 'GET', url: '/user/details', token: accessToken });
    expect(details.json()).toMatchObject({
      address2: 'Westminster',
      marketingOffersPhone: false,
      firstName: 'Test',
      dateOfBirth: '1990-01-01',
    });
  });

  it('ignores name and date of birth in the payload: they cannot be edited', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const response = await context.request({
      method: 'PUT',
      url: '/auth/update_details',
      token: accessToken,
      payload: { ...validDetails(user.email), firstName: 'Mallory', lastName: 'Other', dateOfBirth: '2010-01-01' },
    });
    expect(response.statusCode).toBe(200);
    const row = await userRow(context, user.id);
    expect([row.first_name, row.last_name, row.date_of_birth]).toEqual(['Test', 'Customer', '1990-01-01']);
  });

  it('refuses a different e-mail with 422 and changes nothing', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const before = await userRow(context, user.id);
    const response = await context.request({
      method: 'PUT',
      url: '/auth/update_details',
      token: accessToken,
      payload: validDetails('someone.else@example.com'),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: EMAIL_CANNOT_CHANGE, code: 'EmailCannotChange' });
    expect(await userRow(context, user.id)).toEqual(before);
  });

  it('applies the registration rules: UK mobile, postcode, address all or nothing', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const put = (payload: object) =>
      context.request({
        method: 'PUT',
        url: '/auth/update_details',
        token: accessToken,
        payload: { ...validDetails(user.email), ...payload },
      });
    const phone = await put({ phone: '+441234567890' });
    expect([phone.statusCode, phone.json().message]).toEqual([400, REGISTRATION_MESSAGES.phone]);
    const partial = await put({ address2: '' });
    expect([partial.statusCode, partial.json().message]).toEqual([400, REGISTRATION_MESSAGES.address]);
    const postcode = await put({ addressPostCode: '12345' });
    expect(postcode.statusCode).toBe(400);
    const empty = await put({ address1: '', address2: '', addressCity: '' });
    expect(empty.statusCode).toBe(200);
  });

  it('keeps marketing off during a self-exclusion', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    await context.database.db
      .updateTable('users')
      .set({
        exclusion_kind: 'self-exclusion',
        exclusion_until: new Date(context.clock.now().getTime() + 180 * DAY),
        marketing_email: false,
        marketing_phone: false,
        marketing_sms: false,
      })
      .where('id', '=', user.id)
      .execute();
    // The session itself ends with the exclusion, so the rule is asked of the service (a request already past the session check).
    expect(
      (
        await context.request({
          method: 'PUT',
          url: '/auth/update_details',
          token: accessToken,
          payload: validDetails(user.email),
        })
      ).statusCode,
    ).toBe(401);
    const details = (marketing: boolean) =>
      parse(updateDetailsRequest, {
        ...validDetails(user.email),
        ...(marketing ? {} : { marketingOffersEmail: false, marketingOffersSms: false }),
      });
    await expect(context.services.account.updateDetails(user.id, details(true))).rejects.toMatchObject({
      statusCode: 422,
      message: MARKETING_DURING_EXCLUSION,
    });
    await expect(context.services.account.updateDetails(user.id, details(false))).resolves.toBeDefined();
  });

  it('stores a PNG, JPEG or WebP avatar, serves it back, and removes the replaced file', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const first = await uploadAvatar(context, accessToken, PNG);
    expect(first.statusCode).toBe(200);
    const firstUrl: string = first.json().avatarUrl;
    expect(firstUrl).toMatch(/^\/avatars\/[a-f0-9]{32}\.png$/);
    const served = await context.request({ method: 'GET', url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const second = await uploadAvatar(context, accessToken, JPEG, { filename: 'photo.gif', type: 'image/gif' });
    expect(second.statusCode).toBe(200);
    expect(second.json().avatarUrl).toMatch(/\.jpg$/);
    expect((await context.request({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
    expect(existsSync(join(TEST_CONFIG.dataDir, firstUrl))).toBe(false);
    const third = await uploadAvatar(context, accessToken, WEBP, { filename: 'x.webp', type: 'image/webp' });
    expect(third.statusCode).toBe(200);
    expect((await context.request({ method: 'GET', url: '/user/details', token: accessToken })).json().avatarUrl).toBe(
      third.json().avatarUrl,
    );
    const webp = await context.request({ method: 'GET', url: third.json().avatarUrl });
    expect(webp.headers['content-type']).toBe('image/webp');
  });

  it('refuses a non-image named .png, an oversized picture, a wrong field and a non-multipart body, keeping the old avatar', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const kept = (await uploadAvatar(context, accessToken, PNG)).json().avatarUrl;

    const text = await uploadAvatar(
      context,
      accessToken,
      Buffer.from('<svg onload="alert(1)"></svg> definitely a png'),
      { filename: 'evil.png', type: 'image/png' },
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Please choose a PNG, JPEG or WebP picture');
    const huge = await uploadAvatar(context, accessToken, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The picture must be 2 MB or smaller');
    const field = await uploadAvatar(context, accessToken, PNG, { field: 'other' });
    expect(field.statusCode).toBe(400);
    const json = await context.request({
      method: 'POST',
      url: '/auth/change_avatar',
      token: accessToken,
      payload: { filedata: 'abc' },
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    const empty = await uploadAvatar(context, accessToken, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const anonymous = await context.request({ method: 'POST', url: '/auth/change_avatar', ...multipart(PNG) });
    expect(anonymous.statusCode).toBe(401);
    expect((await userRow(context, user.id)).avatar_url).toBe(kept);
    for (const name of ['..%2Fsecrets.json', 'x.png', `${'a'.repeat(32)}.svg`]) {
      expect((await context.request({ method: 'GET', url: `/avatars/${name}` })).statusCode).toBe(404);
    }
  });

  it('refuses deletion with a wrong password (not 403) and keeps the account', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const response = await context.request({
      method: 'DELETE',
      url: '/auth/account',
      token: accessToken,
      payload: { password: 'Wrong12345' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('WrongPassword');
    expect((await userRow(context, user.id)).status).toBe('active');
    expect((await context.request({ method: 'GET', url: '/balance', token: accessToken })).statusCode).toBe(200);
  });

  it('refuses deletion with WalletNotZero while the wallet holds money', async () => {
    const context = use();
    const user = await createUser(context, { balance: 1 });
    const { accessToken } = await login(context, user);
    const response = await context.request({
      method: 'DELETE',
      url: '/auth/account',
      token: accessToken,
      payload: { password: user.password },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: WALLET_NOT_ZERO, code: 'WalletNotZero' });
    expect((await userRow(context, user.id)).status).toBe('active');
  });

  it('refuses deletion with WalletNotZero while a withdrawal is still open, even at a zero balance', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const now = context.clock.now();
    const paymentId = randomUUID();
    await context.database.db
      .insertInto('payments')
      .values({
        id: paymentId,
        user_id: user.id,
        kind: 'Withdrawal',
        status: 'Open',
        amount: 500,
        store_card: false,
        masked_pan: null,
        card_token: null,
        error: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const response = await context.request({
      method: 'DELETE',
      url: '/auth/account',
      token: accessToken,
      payload: { password: user.password },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('WalletNotZero');
    await context.database.db
      .updateTable('payments')
      .set({ status: 'Completed' })
      .where('id', '=', paymentId)
      .execute();
    const after = await context.request({
      method: 'DELETE',
      url: '/auth/account',
      token: accessToken,
      payload: { password: user.password },
    });
    expect(after.statusCode).toBe(200);
  });

  it('refuses deletion with UserHasOpenBets while a stake awaits its result', async () => {
    const context = use();
    const user = await createUser(context, { balance: 500 });
    const { accessToken } = await login(context, user);
    await placeStake(context, user, `bet-${user.id}`, 500);
    const response = await context.request({
      method: 'DELETE',
      url: '/auth/account',
      token: accessToken,
      payload: { password: user.password },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: USER_HAS_OPEN_BETS, code: 'UserHasOpenBets' });
    expect((await userRow(context, user.id)).email).toBe(user.email);
  });

  it('counts a bet as open until the bets record closes it', async () => {
    const context = use();
    const check = new BetsRecordOpenBetsCheck(context.database.db);
    const user = await createUser(context, { balance: 1000 });
    const other = await createUser(context, { balance: 1000 });
    expect(await check.hasOpenBets(user.id)).toBe(false);
    const cancelled = await placeStake(context, user, `cancelled-${user.id}`, 200);
    await placeStake(context, user, `won-${user.id}`, 300);
    expect(await check.hasOpenBets(user.id)).toBe(true);
    const stranger = await walletCall(context, 'credit', {
      transactionId: `tx-stranger-${user.id}`,
      betId: `won-${user.id}`,
      playerId: other.id,
      amount: 50,
      closesBet: true,
    });
    expect(stranger.json().code).toBe('UnknownBet');
    await settle(context, user, `won-${user.id}`, 100, false);
    expect(
      (await walletCall(context, 'rollback', rollbackBody(user.id, cancelled.betId, cancelled.transactionId)))
        .statusCode,
    ).toBe(200);
    expect(await check.hasOpenBets(user.id)).toBe(true);
    await settle(context, user, `won-${user.id}`, 500);
    expect(await check.hasOpenBets(user.id)).toBe(false);
    expect(await check.hasOpenBets(other.id)).toBe(false);
  });

  it("lists the customer's bets with their returns", async () => {
    const context = use();
    const user = await createUser(context, { balance: 1000 });
    const { accessToken } = await login(context, user);
    await placeStake(context, user, `b-open-${user.id}`, 200);
    context.clock.advance(1000);
    await placeStake(context, user, `b-won-${user.id}`, 300);
    await settle(context, user, `b-won-${user.id}`, 750);
    context.clock.advance(1000);
    const refunded = await placeStake(context, user, `b-void-${user.id}`, 100);
    await walletCall(context, 'rollback', rollbackBody(user.id, refunded.betId, refunded.transactionId));
    // Free bets: their stake is the token's; one lost is settled with nothing back, one rolled back has its token back.
    const session = await openSession(context, user);
    const freeBet = async (betId: string) => {
      const token = await context.services.freeBets.grant(user.id, 400, { source: 'test' });
      const debit = {
        transactionId: `tx-${betId}`,
        betId,
        playerId: user.id,
        sessionId: session.sessionId,
        amount: 400,
        maxReturn: 2_000,
        freeBetId: token.freeBetId,
      };
      expect((await walletCall(context, 'debit', debit)).statusCode).toBe(200);
      return debit;
    };
    context.clock.advance(1000);
    await freeBet(`b-free-lost-${user.id}`);
    await settle(context, user, `b-free-lost-${user.id}`, 0);
    context.clock.advance(1000);
    const voided = await freeBet(`b-free-void-${user.id}`);
    expect(
      (await walletCall(context, 'rollback', rollbackBody(user.id, voided.betId, voided.transactionId))).statusCode,
    ).toBe(200);
    const response = await context.request({ method: 'GET', url: '/bets', token: accessToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({ betId: `b-free-void-${user.id}`, stake: 400, returns: 0, status: 'Refunded' }),
      expect.objectContaining({ betId: `b-free-lost-${user.id}`, stake: 400, returns: 0, status: 'Settled' }),
      expect.objectContaining({
        betId: `b-void-${user.id}`,
        stake: 100,
        returns: 100,
        status: 'Refunded',
        vertical: 'sportsbook',
      }),
      expect.objectContaining({
        betId: `b-won-${user.id}`,
        stake: 300,
        returns: 750,
        status: 'Settled',
        vertical: 'sportsbook',
      }),
      expect.objectContaining({ betId: `b-open-${user.id}`, stake: 200, returns: null, status: 'Open' }),
    ]);
    const stranger = await createUser(context);
    const theirs = await context.request({
      method: 'GET',
      url: '/bets',
      token: (await login(context, stranger)).accessToken,
    });
    expect(theirs.json()).toEqual([]);
  });

  it('deletes an account at zero: personal fields erased, records kept, tokens revoked, sign-in refused, e-mail free again', async () => {
    const context = use();
    const user = await createUser(context, { balance: 500 });
    await placeStake(context, user, `settled-${user.id}`, 500);
    await settle(context, user, `settled-${user.id}`, 300);
    await context.services.wallet.adjust(user.id, -300, 'paid out');
    const other = await login(context, user);
    const { accessToken, refreshToken } = await login(context, user);
    const avatar = (await uploadAvatar(context, accessToken, PNG)).json().avatarUrl;
    await context.database.db
      .insertInto('saved_cards')
      .values({
        user_id: user.id,
        token: 'tok_test',
        masked_pan: '424242******4242',
        created_at: context.clock.now(),
        updated_at: context.clock.now(),
      })
      .execute();
    expect(
      (await context.request({ method: 'POST', url: '/auth/forgot_password', payload: { email: user.email } }))
        .statusCode,
    ).toBe(200);
    const mailTo = () =>
      context.database.db.selectFrom('mail_outbox').select('id').where('to_address', '=', user.email).execute();
    expect(await mailTo()).toHaveLength(1);

    const response = await context.request({
      method: 'DELETE',
      url: '/auth/account',
      token: accessToken,
      payload: { password: user.password },
    });
    expect(response.statusCode).toBe(200);
    const row = await userRow(context, user.id);
    expect(row).toMatchObject({
      status: 'deleted',
      email: tombstoneEmail(user.id),
      first_name: '',
      last_name: '',
      phone: '',
      address1: '',
      address_post_code: '',
      date_of_birth: ERASED_DATE_OF_BIRTH,
      avatar_url: null,
    });
    const attempts = await context.database.db
      .selectFrom('login_attempts')
      .select('email')
      .where('user_id', '=', user.id)
      .execute();
    expect(attempts.length).toBeGreaterThan(0);
    expect(attempts.every((attempt) => attempt.email === tombstoneEmail(user.id))).toBe(true);
    const transactions = await context.database.db
      .selectFrom('transactions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(transactions.length).toBe(4);
    expect((await context.request({ method: 'GET', url: avatar })).statusCode).toBe(404);
    expect(await mailTo()).toHaveLength(0);
    expect(
      await context.database.db.selectFrom('saved_cards').select('user_id').where('user_id', '=', user.id).execute(),
    ).toHaveLength(0);
    expect(
      await context.database.db
        .selectFrom('password_resets')
        .select('user_id')
        .where('user_id', '=', user.id)
        .execute(),
    ).toHaveLength(0);

    for (const token of [accessToken, other.accessToken])
      expect((await context.request({ method: 'GET', url: '/user/details', token })).statusCode).toBe(401);
    expect(
      (await context.request({ method: 'POST', url: '/auth/refresh_token', payload: { refreshToken } })).statusCode,
    ).toBe(401);
    const signIn = await context.request({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(signIn.statusCode).toBe(401);
    const again = await createUser(context, { email: user.email });
    expect(again.id).not.toBe(user.id);
  });

  it('changes the password and revokes the other refresh tokens, keeping the current session', async () => {
    const context = use();
    const user = await createUser(context);
    const other = await login(context, user);
    const current = await login(context, user);
    const changed = await context.request({
      method: 'POST',
      url: '/auth/change_password',
      token: current.accessToken,
      payload: { password: user.password, newPassword: 'Another123', newPasswordRepeated: 'Another123' },
    });
    expect(changed.statusCode).toBe(200);
    expect(
      (
        await context.request({
          method: 'POST',
          url: '/auth/refresh_token',
          payload: { refreshToken: other.refreshToken },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await context.request({
          method: 'POST',
          url: '/auth/refresh_token',
          payload: { refreshToken: current.refreshToken },
        })
      ).statusCode,
    ).toBe(200);
    const old = await context.request({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(old.statusCode).toBe(401);
  });

  it('answers 403 to every account call of a suspended customer, and serves them again once unsuspended and signed in afresh', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    await context.services.accounts.suspend(user.id);
    const calls = [
      { method: 'GET' as const, url: '/user/details' },
      { method: 'GET' as const, url: '/balance' },
      { method: 'GET' as const, url: '/bets' },
      { method: 'PUT' as const, url: '/auth/update_details', payload: validDetails(user.email) },
      { method: 'DELETE' as const, url: '/auth/account', payload: { password: user.password } },
      {
        method: 'POST' as const,
        url: '/auth/change_password',
        payload: { password: user.password, newPassword: 'Another123', newPasswordRepeated: 'Another123' },
      },
      { method: 'POST' as const, url: '/auth/change_avatar', ...multipart(PNG) },
    ];
    for (const call of calls) {
      const response = await context.request({ ...call, token: accessToken });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(response.json().code).toBe('AccountSuspended');
    }
    expect((await userRow(context, user.id)).status).toBe('suspended');
    await context.services.accounts.unsuspend(user.id);
    expect((await context.request({ method: 'GET', url: '/user/details', token: accessToken })).statusCode).toBe(401);
    const fresh = await login(context, user);
    expect((await context.request({ method: 'GET', url: '/user/details', token: fresh.accessToken })).statusCode).toBe(
      200,
    );
  });

  it('sends userSuspension over a real live connection, and closes the connection when the account is deleted', async () => {
    const context = use();
    const address = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const suspended = await createUser(context);
    const deleted = await createUser(context);
    const open = async (user: TestUser) => {
      const { accessToken } = await login(context, user);
      const { socket, messages, closed } = openLiveSocket(address, accessToken);
      await vi.waitFor(() => expect(context.services.live.connectionCount(user.id)).toBe(1));
      return { socket, messages, closed, accessToken };
    };

    const first = await open(suspended);
    await context.services.accounts.suspend(suspended.id);
    await vi.waitFor(() => expect(first.messages).toContainEqual({ type: 'userSuspension' }));
    first.socket.close();

    const second = await open(deleted);
    const response = await context.request({
      method: 'DELETE',
      url: '/auth/account',
      token: second.accessToken,
      payload: { password: deleted.password },
    });
    expect(response.statusCode).toBe(200);
    expect(await second.closed).toBe(4000);
  });

  it('refuses bad input to update_details and delete account with 4xx, writing nothing', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const before = await userRow(context, user.id);
    // Every flag true: the sweep sends `true` as a wrong value and skips only the valid one.
    const details = await sweepBadBodies(context, {
      method: 'PUT',
      url: '/auth/update_details',
      validBody: { ...validDetails(user.email), marketingOffersPhone: true },
      token: () => accessToken,
    });
    const deletion = await sweepBadBodies(context, {
      method: 'DELETE',
      url: '/auth/account',
      validBody: { password: 'NotThePassword1' },
      token: () => accessToken,
    });
    expect(details).toBeGreaterThan(50);
    expect(deletion).toBeGreaterThan(5);
    expect(await userRow(context, user.id)).toEqual(before);
  });
});

describeEachDatabase(
  'account deletion rate limit',
  (use) => {
    it('answers 429 once the password has been tried too often, and deletes nothing', async () => {
      const context = use();
      const user = await createUser(context);
      const { accessToken } = await login(context, user);
      const attempt = () =>
        context.request({
          method: 'DELETE',
          url: '/auth/account',
          token: accessToken,
          payload: { password: 'Guess12345' },
        });
      expect((await attempt()).statusCode).toBe(400);
      expect((await attempt()).statusCode).toBe(400);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(typeof limited.json().message).toBe('string');
      const right = await context.request({
        method: 'DELETE',
        url: '/auth/account',
        token: accessToken,
        payload: { password: user.password },
      });
      expect(right.statusCode).toBe(429);
      expect((await userRow(context, user.id)).status).toBe('active');
    });
  },
  { rateLimits: { passwordCheck: { max: 2, timeWindow: 60_000 } } },
);
