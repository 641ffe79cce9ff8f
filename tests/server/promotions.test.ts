import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login, operator, type TestContext } from './support/harness';
import { rowCounts } from './support/sweep';
import { DAY } from '../../server/platform/clock';

const apply = (context: TestContext, token: string, code: string) =>
  context.request({ method: 'POST', url: `/user/promotion_code/${encodeURIComponent(code)}`, token });

describeEachDatabase('promo codes', (use) => {
  it('records the opt-in once: success, then 409 already used', async () => {
    const context = use();
    const created = await operator(
      context,
      'promo',
      'create',
      'welcome10',
      'Welcome',
      'bonus',
      '--description',
      'A welcome offer',
    );
    expect(created.statusCode).toBe(200);
    expect(created.json().result).toMatchObject({
      code: 'WELCOME10',
      title: 'Welcome bonus',
      description: 'A welcome offer',
    });
    const user = await createUser(context);
    const { accessToken } = await login(context, user);

    const first = await apply(context, accessToken, ' Welcome10 ');
    expect(first.statusCode).toBe(200);
    expect(first.json().promotion).toMatchObject({ code: 'WELCOME10', title: 'Welcome bonus' });
    expect(typeof first.json().message).toBe('string');
    const again = await apply(context, accessToken, 'WELCOME10');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Promo code already used');
    const count = await context.database.db
      .selectFrom('promotion_opt_ins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('lets only one of two concurrent uses of a code through', async () => {
    const context = use();
    await operator(context, 'promo', 'create', 'RACE', 'Race');
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const statuses = (await Promise.all([apply(context, accessToken, 'RACE'), apply(context, accessToken, 'RACE')]))
      .map((response) => response.statusCode)
      .sort();
    expect(statuses).toEqual([200, 409]);
  });

  it('answers 404 Invalid promo code for an unknown or ended code', async () => {
    const context = use();
    const end = new Date(context.clock.now().getTime() + 2 * DAY).toISOString().slice(0, 10);
    await operator(context, 'promo', 'create', 'SHORT', 'Short', 'lived', '--ends', end);
    const user = await createUser(context);
    const unknown = await apply(context, (await login(context, user)).accessToken, 'NOPE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Invalid promo code');
    expect(
      (await context.request({ method: 'GET', url: '/promotions' })).json().map((p: { code: string }) => p.code),
    ).toContain('SHORT');
    context.clock.advance(3 * DAY);
    const ended = await apply(context, (await login(context, user)).accessToken, 'SHORT');
    expect(ended.statusCode).toBe(404);
    expect(
      (await context.request({ method: 'GET', url: '/promotions' })).json().map((p: { code: string }) => p.code),
    ).not.toContain('SHORT');
  });

  it('decodes the code from the address and refuses bad ones without writing', async () => {
    const context = use();
    await operator(context, 'promo', 'create', 'A-B_C', 'Dashes');
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    expect(
      (await context.request({ method: 'POST', url: '/user/promotion_code/a%2Db%5Fc', token: accessToken })).statusCode,
    ).toBe(200);
    const before = await rowCounts(context);
    for (const code of ['%20', 'x'.repeat(41), '%00', '%E0%A4%A', "' OR 1=1 --", 'ünïcode', '../../etc']) {
      const response = await context.request({
        method: 'POST',
        url: `/user/promotion_code/${code}`,
        token: accessToken,
        payload: '{"junk": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, code).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, code).toBeLessThan(500);
    }
    expect(await rowCounts(context)).toEqual(before);
    expect((await context.request({ method: 'POST', url: '/user/promotion_code/RACE' })).statusCode).toBe(401);
  });

  it('is for verified customers only', async () => {
    const context = use();
    await operator(context, 'promo', 'create', 'VERIFIED', 'Verified');
    const user = await createUser(context, { verified: false });
    const response = await apply(context, (await login(context, user)).accessToken, 'VERIFIED');
    expect(response.statusCode).toBe(422);
  });

  it('lists promotions for the operator and refuses a duplicate code or a bad one', async () => {
    const context = use();
    await operator(context, 'promo', 'create', 'LISTED', 'Listed');
    const list = await operator(context, 'promo', 'list');
    expect(list.json().result.find((p: { code: string }) => p.code === 'LISTED')).toMatchObject({
      title: 'Listed',
      optIns: 0,
    });
    expect((await operator(context, 'promo', 'create', 'LISTED', 'Again')).statusCode).toBe(409);
    expect((await operator(context, 'promo', 'create', 'bad code!', 'Bad')).statusCode).toBe(400);
    expect((await operator(context, 'promo', 'create', 'NOTITLE')).statusCode).toBe(400);
    expect((await operator(context, 'promo', 'create', 'PAST', 'Past', '--ends', '2001-01-01')).statusCode).toBe(400);
  });
});
