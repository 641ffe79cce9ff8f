/**
 * No inducement during a block: the operator's free-bet grant and a promo code (with or without a free bet) are refused
 * for a customer who is suspended, timed out, self-excluded (GAMSTOP's included) or deleted, and nothing is written.
 * Promo codes are checked in the service itself (defence in depth: a block may commit after the session was checked).
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, operator, type TestContext } from './support/harness';
import { FREE_BET_ACCOUNT_BLOCKED } from '../../server/modules/free-bets/service';
import { PROMO_ACCOUNT_BLOCKED } from '../../server/modules/promotions/service';

type Block = 'suspended' | 'timed out' | 'self-excluded' | 'GAMSTOP-blocked' | 'deleted';
const BLOCKS: Block[] = ['suspended', 'timed out', 'self-excluded', 'GAMSTOP-blocked', 'deleted'];

async function block(context: TestContext, userId: number, kind: Block) {
  const { services, database } = context;
  if (kind === 'suspended') await services.accounts.suspend(userId);
  else if (kind === 'timed out') await services.saferGambling.lock(userId, { days: 1 });
  else if (kind === 'self-excluded') await services.saferGambling.lock(userId, { days: 180 });
  // As GamstopService.block writes it.
  else if (kind === 'GAMSTOP-blocked')
    await database.db
      .updateTable('users')
      .set({
        exclusion_kind: 'self-exclusion',
        exclusion_until: null,
        exclusion_permanent: true,
        exclusion_by_gamstop: true,
      })
      .where('id', '=', userId)
      .execute();
  else await services.account.deleteAccount(userId, 'Password123');
}

async function freeBetsOf(context: TestContext, userId: number) {
  return context.database.db.selectFrom('free_bets').select('id').where('user_id', '=', userId).execute();
}

async function optInsOf(context: TestContext, userId: number) {
  return context.database.db.selectFrom('promotion_opt_ins').select('code').where('user_id', '=', userId).execute();
}

let codes = 0;
const newCode = () => `SAFE${Date.now().toString(36).toUpperCase()}${++codes}`;

describeEachDatabase('safety holes: no free bet or promotion during a block', (use) => {
  it('the operator grants a free bet to a customer in good standing', async () => {
    const context = use();
    const user = await createUser(context);
    const answer = await operator(context, 'free-bet', 'grant', user.email, '500', 'Welcome');
    expect(answer.statusCode, answer.json().message).toBe(200);
    expect(await freeBetsOf(context, user.id)).toHaveLength(1);
  });

  it.each(BLOCKS)('the operator cannot grant a free bet to a %s customer: refused, nothing written', async (kind) => {
    const context = use();
    const user = await createUser(context);
    await block(context, user.id, kind);
    if (kind !== 'deleted') {
      const answer = await operator(context, 'free-bet', 'grant', user.email, '500', 'Welcome');
      expect(answer).toMatchObject({ statusCode: 422 });
      expect(answer.json().message).toBe(FREE_BET_ACCOUNT_BLOCKED);
    }
    // By id too (a deleted customer's e-mail is erased, so the command cannot name one).
    await expect(context.services.freeBets.grant(user.id, 500, { source: 'operator: test' })).rejects.toMatchObject({
      statusCode: 422,
      message: FREE_BET_ACCOUNT_BLOCKED,
    });
    expect(await freeBetsOf(context, user.id)).toHaveLength(0);
  });

  it.each(BLOCKS)(
    'a promo code (free bet or not) applied by a %s customer is refused and records nothing',
    async (kind) => {
      const context = use();
      const withFreeBet = newCode();
      const plain = newCode();
      expect(
        (await operator(context, 'promo', 'create', withFreeBet, 'Free', 'bet', '--free-bet', '250')).statusCode,
      ).toBe(200);
      expect((await operator(context, 'promo', 'create', plain, 'Newsletter')).statusCode).toBe(200);
      const user = await createUser(context);
      await block(context, user.id, kind);
      for (const code of [withFreeBet, plain]) {
        await expect(context.services.promotions.apply(user.id, code)).rejects.toMatchObject({
          statusCode: 403,
          message: PROMO_ACCOUNT_BLOCKED,
        });
      }
      expect(await optInsOf(context, user.id)).toHaveLength(0);
      expect(await freeBetsOf(context, user.id)).toHaveLength(0);
    },
  );

  it('a promo code with a free bet still grants it to a customer in good standing, once', async () => {
    const context = use();
    const code = newCode();
    expect((await operator(context, 'promo', 'create', code, 'Free', 'bet', '--free-bet', '250')).statusCode).toBe(200);
    const user = await createUser(context);
    expect((await context.services.promotions.apply(user.id, code)).message).toContain('free bet');
    await expect(context.services.promotions.apply(user.id, code)).rejects.toMatchObject({ statusCode: 409 });
    expect(await freeBetsOf(context, user.id)).toHaveLength(1);
  });
});
