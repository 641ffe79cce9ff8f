import { describe, expect, it } from 'vitest';
import { createUser, describeEachDatabase, operator } from './support/harness';
import { MIXED_PRODUCTS, WAGERING_TOO_HIGH, bonusTermsLine, bonusTermsProblem } from '../../src/contract/bonus-terms';

describe('the 19 January 2026 bonus rules', () => {
  it('allow up to ten times wagering and one product, or a reward usable on any product', () => {
    expect(bonusTermsProblem({ wageringMultiple: 10, qualifyingProduct: 'casino', rewardProduct: 'casino' })).toBe(
      undefined,
    );
    expect(bonusTermsProblem({ wageringMultiple: 11, qualifyingProduct: null, rewardProduct: null })).toBe(
      WAGERING_TOO_HIGH,
    );
    expect(bonusTermsProblem({ wageringMultiple: 0, qualifyingProduct: 'sportsbook', rewardProduct: 'casino' })).toBe(
      MIXED_PRODUCTS,
    );
    expect(bonusTermsProblem({ wageringMultiple: 0, qualifyingProduct: 'casino', rewardProduct: null })).toBe(
      undefined,
    );
    expect(bonusTermsProblem({ wageringMultiple: 2.5, qualifyingProduct: null, rewardProduct: null })).toMatch(
      /whole number/,
    );
  });

  it('state a promotion in one line', () => {
    const line = bonusTermsLine({
      wageringMultiple: 0,
      qualifyingProduct: 'sportsbook',
      rewardProduct: 'sportsbook',
      freeBetAmount: 500,
      freeBetDays: 7,
      endsAt: new Date('2026-12-31T00:00:00Z'),
    });
    expect(line).toBe(
      '£5.00 sportsbook free bet, valid 7 days; earned by betting on sportsbook; no wagering requirement; ends 2026-12-31.',
    );
    expect(line).not.toMatch(/\n/);
  });
});

describeEachDatabase('promotions and the 2026 bonus rules', (use) => {
  const codes = async () =>
    ((await operator(use(), 'promo', 'list')).json().result as Array<{ code: string }>).map((row) => row.code);

  it('refuses a wagering requirement over ten times, with a clear error, and records nothing', async () => {
    const context = use();
    const refused = await operator(context, 'promo', 'create', 'WAGER11', 'Deposit bonus', '--wagering', '11');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(WAGERING_TOO_HIGH);
    expect(await codes()).not.toContain('WAGER11');
    const allowed = await operator(context, 'promo', 'create', 'WAGER10', 'Deposit bonus', '--wagering', '10');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().result.terms).toBe('no qualifying bet; wager 10x before withdrawal.');
  });

  it('refuses an offer that mixes products: betting on sport for casino spins, or casino play for a free bet', async () => {
    const context = use();
    const spins = await operator(
      context,
      'promo',
      'create',
      'SPORTSPINS',
      'Bet and spin',
      '--qualifying',
      'sportsbook',
      '--reward',
      'casino',
    );
    expect(spins.statusCode).toBe(400);
    expect(spins.json().message).toBe(MIXED_PRODUCTS);
    const freeBet = await operator(
      context,
      'promo',
      'create',
      'CASINOBET',
      'Spin and bet',
      '--free-bet',
      '500',
      '--qualifying',
      'casino',
    );
    expect(freeBet.statusCode).toBe(400);
    expect(freeBet.json().message).toBe(MIXED_PRODUCTS);
    const casinoFreeBet = await operator(
      context,
      'promo',
      'create',
      'FB2',
      'x',
      '--free-bet',
      '500',
      '--reward',
      'casino',
    );
    expect(casinoFreeBet.statusCode).toBe(400);
    expect((await operator(context, 'promo', 'create', 'POKER', 'x', '--qualifying', 'poker')).statusCode).toBe(400);
    expect(await codes()).not.toEqual(expect.arrayContaining(['SPORTSPINS', 'CASINOBET', 'FB2', 'POKER']));
  });

  it('refuses a free bet earned on another product, and grants one earned on the sportsbook', async () => {
    const context = use();
    const user = await createUser(context);
    const mixed = await operator(context, 'free-bet', 'grant', user.email, '500', '--qualifying', 'casino', 'spins');
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe(MIXED_PRODUCTS);
    expect((await operator(context, 'free-bet', 'list', user.email)).json().result).toEqual([]);
    const same = await operator(context, 'free-bet', 'grant', user.email, '500', '--qualifying', 'sportsbook', 'acca');
    expect(same.statusCode, same.json().message).toBe(200);
    expect((await operator(context, 'free-bet', 'grant', user.email, '500', '--qualifying', 'poker')).statusCode).toBe(
      400,
    );
  });

  it('offers a same-product free bet, and the promotions list gives each its terms in one line', async () => {
    const context = use();
    const created = await operator(
      context,
      'promo',
      'create',
      'BET5GET5',
      'Bet £5 get a £5 free bet',
      '--free-bet',
      '500',
      '--qualifying',
      'sportsbook',
    );
    expect(created.statusCode, created.json().message).toBe(200);
    const listed = (await context.request({ method: 'GET', url: '/promotions' })).json() as Array<{
      code: string;
      terms: string;
    }>;
    expect(listed.find((promotion) => promotion.code === 'BET5GET5')?.terms).toBe(
      '£5.00 sportsbook free bet, valid 7 days; earned by betting on sportsbook; no wagering requirement.',
    );
    for (const promotion of listed) expect(promotion.terms).toMatch(/^[^\n]+\.$/);
  });
});
