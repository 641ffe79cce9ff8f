import { expect, it } from 'vitest';
import { createUser, describeEachDatabase, login, operator, type TestContext, type TestUser } from './support/harness';
import { declinedForFunds, deposit } from './support/harm';
import { balanceOf, notification, openDeposit, sendNotification, transactionCount } from './support/money';
import { openSession, placeBet, settleBet } from './support/games';
import { DAY, HOUR, MINUTE } from '../../server/platform/clock';
import { HARM_MARKER_WORDS } from '../../src/contract/harm';

const markersOf = (context: TestContext, userId: number) =>
  context.database.db.selectFrom('harm_markers').selectAll().where('user_id', '=', userId).orderBy('id').execute();

async function message(context: TestContext, user: TestUser) {
  const { accessToken } = await login(context, user);
  const response = await context.request({
    method: 'GET',
    url: '/responsible-gambling/interaction',
    token: accessToken,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { markers: Array<{ id: number; kind: string }> };
}

const suppressed = async (context: TestContext, userId: number) =>
  (
    await context.database.db
      .selectFrom('users')
      .select('marketing_suppressed')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).marketing_suppressed;

/** A sportsbook bet staked and settled as lost through the wallet API, at the test clock's time. */
async function losingBet(context: TestContext, user: TestUser) {
  const session = await openSession(context, user);
  const bet = await placeBet(context, session, 200);
  await settleBet(context, session.playerId, bet.betId, 0);
}

describeEachDatabase('markers of harm (SR 3.4.3)', (use) => {
  it('three deposits within an hour are a marker, shown until acknowledged and recorded once however often computed', async () => {
    const context = use();
    context.clock.set('2026-06-01T09:00:00Z');
    const user = await createUser(context);
    await deposit(context, user, 1_000);
    context.clock.advance(30 * MINUTE);
    await deposit(context, user, 1_000);
    context.clock.advance(30 * MINUTE);
    const transactionsBefore = await transactionCount(context, user.id);
    await deposit(context, user, 1_000);
    const [marker] = await markersOf(context, user.id);
    expect(marker).toMatchObject({ kind: 'deposit-frequency', marker_key: '2026-06-01', acknowledged_at: null });
    expect((marker!.evidence as { deposits: unknown[] }).deposits).toHaveLength(3);
    const shown = await message(context, user);
    expect(shown.markers).toEqual([
      { id: marker!.id, kind: 'deposit-frequency', observedAt: '2026-06-01T10:00:00.000Z' },
    ]);
    // Computed again (each read looks again) it is still one marker; it moved no money beyond the deposit itself.
    await context.services.harm.evaluate(user.id);
    expect(await markersOf(context, user.id)).toHaveLength(1);
    expect(await transactionCount(context, user.id)).toBe(transactionsBefore + 1);
    expect(await balanceOf(context, user.id)).toBe(3_000);
    const { accessToken } = await login(context, user);
    const acknowledged = await context.request({
      method: 'POST',
      url: '/responsible-gambling/interaction/acknowledge',
      token: accessToken,
      payload: { markerIds: [marker!.id] },
    });
    expect(acknowledged.json()).toEqual({ markers: [] });
    expect((await message(context, user)).markers).toEqual([]);
    // One marker alone neither stops marketing nor queues a review.
    expect(await suppressed(context, user.id)).toBe(false);
  });

  it('three deposits over an hour and a minute are not', async () => {
    const context = use();
    context.clock.set('2026-06-02T09:00:00Z');
    const user = await createUser(context);
    await deposit(context, user, 1_000);
    context.clock.advance(30 * MINUTE);
    await deposit(context, user, 1_000);
    context.clock.advance(31 * MINUTE);
    await deposit(context, user, 1_000);
    expect(await markersOf(context, user.id)).toEqual([]);
  });

  it('30-day net deposits at three times the 30 days before are a marker; just under is not', async () => {
    const context = use();
    context.clock.set('2026-03-01T09:00:00Z');
    const user = await createUser(context);
    await deposit(context, user, 5_000);
    context.clock.advance(31 * DAY);
    await deposit(context, user, 10_000);
    context.clock.advance(2 * HOUR);
    await deposit(context, user, 4_500);
    expect((await markersOf(context, user.id)).map((marker) => marker.kind)).not.toContain('deposit-growth');
    context.clock.advance(2 * HOUR);
    await deposit(context, user, 500);
    const growth = (await markersOf(context, user.id)).filter((marker) => marker.kind === 'deposit-growth');
    expect(growth).toHaveLength(1);
    expect(growth[0]!.evidence).toMatchObject({ last30Days: 15_000, previous30Days: 5_000 });
    context.clock.advance(2 * HOUR);
    await deposit(context, user, 500);
    expect((await markersOf(context, user.id)).filter((marker) => marker.kind === 'deposit-growth')).toHaveLength(1);
  });

  it('a deposit within 15 minutes of a losing settlement, three times in a day, is loss chasing', async () => {
    const context = use();
    context.clock.set('2026-06-03T07:00:00Z');
    const user = await createUser(context, { balance: 10_000 });
    for (const gap of [10 * MINUTE, 15 * MINUTE, 5 * MINUTE]) {
      await losingBet(context, user);
      context.clock.advance(gap);
      await deposit(context, user, 500);
      context.clock.advance(2 * HOUR);
    }
    const markers = await markersOf(context, user.id);
    expect(markers.map((marker) => marker.kind)).toEqual(['loss-chasing']);
    expect((markers[0]!.evidence as { chases: unknown[] }).chases).toHaveLength(3);
    expect((await message(context, user)).markers.map((marker) => marker.kind)).toEqual(['loss-chasing']);
  });

  it('three chases in a day with one 15 minutes and a second after its loss are not', async () => {
    const context = use();
    context.clock.set('2026-06-04T07:00:00Z');
    const user = await createUser(context, { balance: 10_000 });
    for (const gap of [10 * MINUTE, 15 * MINUTE + 1_000, 5 * MINUTE]) {
      await losingBet(context, user);
      context.clock.advance(gap);
      await deposit(context, user, 500);
      context.clock.advance(2 * HOUR);
    }
    expect(await markersOf(context, user.id)).toEqual([]);
  });

  it('play between midnight and 6am (UK time) on three nights in a week is a marker; 6am is not night', async () => {
    const context = use();
    const user = await createUser(context, { balance: 10_000 });
    const other = await createUser(context, { balance: 10_000 });
    // 00:30 UTC is 01:30 in London (BST); 05:00 UTC is 06:00 in London.
    for (const [night, at] of [
      ['2026-06-10', '00:30'],
      ['2026-06-12', '00:30'],
      ['2026-06-15', '05:00'],
    ] as const) {
      context.clock.set(`${night}T${at}:00Z`);
      const session = await openSession(context, other);
      await placeBet(context, session, 100);
    }
    expect((await message(context, other)).markers).toEqual([]);
    for (const night of ['2026-06-10', '2026-06-12', '2026-06-16']) {
      context.clock.set(`${night}T00:30:00Z`);
      const session = await openSession(context, user);
      await placeBet(context, session, 100);
    }
    expect((await message(context, user)).markers.map((marker) => marker.kind)).toEqual(['night-play']);
    expect(await markersOf(context, user.id)).toMatchObject([{ marker_key: 'week-from-2026-06-10' }]);
  });

  it('a limit raised within 24 hours of being reached is a marker; raised after 25 hours, or before being reached, is not', async () => {
    const context = use();
    context.clock.set('2026-06-20T09:00:00Z');
    const user = await createUser(context);
    const limit = (amount: number) =>
      context.services.limits.set(user.id, { userId: user.id, kind: 'Daily', amount }).then(async (answer) => {
        await context.services.harmWatch.idle();
        return answer;
      });
    await limit(1_000);
    await deposit(context, user, 500);
    await limit(1_500);
    expect(await markersOf(context, user.id)).toEqual([]);
    context.clock.advance(25 * HOUR);
    await deposit(context, user, 1_500);
    context.clock.advance(25 * HOUR);
    await limit(3_000);
    expect(await markersOf(context, user.id)).toEqual([]);
    context.clock.advance(25 * HOUR);
    await deposit(context, user, 3_000);
    context.clock.advance(23 * HOUR);
    await limit(5_000);
    const [marker] = await markersOf(context, user.id);
    expect(marker).toMatchObject({ kind: 'limit-raised' });
    expect(marker!.evidence).toMatchObject({ limit: 'Daily', amount: 3_000, askedFor: 5_000 });
  });

  it('a deposit declined for funds is a marker; a plain decline is not', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const { paymentId } = await openDeposit(context, accessToken, 2_000);
    await sendNotification(context, notification(paymentId, 2_000, { status: 'failed', error: 'Card declined' }));
    await context.services.harmWatch.idle();
    expect(await markersOf(context, user.id)).toEqual([]);
    await declinedForFunds(context, user, 2_000);
    expect(await markersOf(context, user.id)).toMatchObject([{ kind: 'declined-for-funds' }]);
    expect(await balanceOf(context, user.id)).toBe(0);
  });

  it('two markers within 30 days stop marketing and promotions and queue a review the operator records', async () => {
    const context = use();
    context.clock.set('2026-07-01T09:00:00Z');
    const user = await createUser(context);
    await declinedForFunds(context, user, 2_000);
    expect(await suppressed(context, user.id)).toBe(false);
    context.clock.advance(29 * DAY);
    await declinedForFunds(context, user, 2_000);
    expect(await suppressed(context, user.id)).toBe(true);
    // The consent choices are the customer's own and stay as they were.
    const consent = await context.database.db
      .selectFrom('users')
      .select(['marketing_email', 'marketing_sms', 'marketing_phone'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(consent).toEqual({ marketing_email: false, marketing_sms: false, marketing_phone: false });
    await context.services.promotions.create({ code: `HARM${user.id}`, title: 'Welcome back' });
    const { accessToken } = await login(context, user);
    const applied = await context.request({
      method: 'POST',
      url: `/user/promotion_code/HARM${user.id}`,
      token: accessToken,
    });
    expect(applied.statusCode).toBe(403);
    expect(applied.json().code).toBe('PromotionsStopped');
    const granted = await operator(context, 'free-bet', 'grant', user.email, '500', 'goodwill');
    expect(granted.statusCode).toBe(422);
    const queue = (await operator(context, 'interactions')).json().result as Array<{
      id: number;
      userId: number;
      reason: string;
      markers: Array<{ kind: string }>;
    }>;
    const review = queue.find((entry) => entry.userId === user.id)!;
    expect(review.reason).toBe('2 markers of harm within 30 days');
    expect(review.markers.map((marker) => marker.kind)).toEqual(['declined-for-funds', 'declined-for-funds']);
    const done = await operator(context, 'interaction-review', String(review.id), 'called', 'the', 'customer');
    expect(done.json().result).toMatchObject({
      id: review.id,
      outcome: 'called the customer',
      reviewedAt: expect.any(String),
    });
    expect(
      ((await operator(context, 'interactions')).json().result as Array<{ userId: number }>).some(
        (entry) => entry.userId === user.id,
      ),
    ).toBe(false);
    expect((await operator(context, 'interaction-review', String(review.id), 'again')).statusCode).toBe(404);
    expect((await operator(context, 'interaction-review', 'x1', 'done')).statusCode).toBe(400);
    expect((await operator(context, 'interaction-review', String(review.id))).statusCode).toBe(400);
    expect((await operator(context, 'interactions', '--everything')).statusCode).toBe(400);
  });

  it('two markers more than 30 days apart do not', async () => {
    const context = use();
    context.clock.set('2026-08-01T09:00:00Z');
    const user = await createUser(context);
    await declinedForFunds(context, user, 2_000);
    context.clock.advance(31 * DAY);
    await declinedForFunds(context, user, 2_000);
    expect(await markersOf(context, user.id)).toHaveLength(2);
    expect(await suppressed(context, user.id)).toBe(false);
  });

  it('refuses a malformed acknowledgement with a 400 and changes nothing; another customer’s marker ids change nothing', async () => {
    const context = use();
    const owner = await createUser(context);
    await declinedForFunds(context, owner, 2_000);
    const [marker] = await markersOf(context, owner.id);
    const stranger = await createUser(context);
    const { accessToken } = await login(context, stranger);
    for (const payload of [{}, { markerIds: [] }, { markerIds: ['1'] }, { markerIds: [-1] }])
      expect(
        (
          await context.request({
            method: 'POST',
            url: '/responsible-gambling/interaction/acknowledge',
            token: accessToken,
            payload,
          })
        ).statusCode,
      ).toBe(400);
    await context.request({
      method: 'POST',
      url: '/responsible-gambling/interaction/acknowledge',
      token: accessToken,
      payload: { markerIds: [marker!.id] },
    });
    expect((await message(context, owner)).markers.map((shown) => shown.id)).toEqual([marker!.id]);
    expect(HARM_MARKER_WORDS['declined-for-funds']).toMatch(/not enough funds/);
  });
});
