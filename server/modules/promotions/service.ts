import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { ApplyPromoResponse, Promotion } from '../../../src/contract/promotions';
import { normalisePromoCode, PROMO_INVALID, PROMO_USED } from '../../../src/contract/promotions';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../platform/errors';
import { blockedFromBetting, readStandingLocked } from '../games/standing';
import { MAX_STAKE_PENCE, MIN_STAKE_PENCE } from '../../../src/contract/sportsbook-rules';
import { formatPence } from '../../../src/contract/rules/money';
import { MAX_FREE_BET_DAYS, type FreeBetsService } from '../free-bets/service';
import { bonusTermsLine, bonusTermsProblem, type BonusProduct } from '../../../src/contract/bonus-terms';
import { MARKETING_SUPPRESSED } from './marketing-suppressed';

const PROMO_NEEDS_VERIFICATION = 'Promotions are open to verified customers only. Please verify your identity first.';
/** No inducement reaches a customer who may not bet now (suspended, closed, locked, timed out or self-excluded): nothing is recorded. */
export const PROMO_ACCOUNT_BLOCKED = 'Promotions are not open to this account at the moment.';

interface PromotionRow {
  code: string;
  title: string;
  description: string;
  ends_at: Date | null;
  free_bet_amount: number | null;
  free_bet_days: number | null;
  wagering_multiple: number;
  qualifying_product: string | null;
  reward_product: string | null;
}

const PROMOTION_COLUMNS = [
  'code',
  'title',
  'description',
  'ends_at',
  'free_bet_amount',
  'free_bet_days',
  'wagering_multiple',
  'qualifying_product',
  'reward_product',
] as const;

const toPromotion = (row: PromotionRow): Promotion => ({
  code: row.code,
  title: row.title,
  description: row.description,
  endsAt: row.ends_at?.toISOString() ?? null,
  terms: bonusTermsLine({
    freeBetAmount: row.free_bet_amount === null ? null : Number(row.free_bet_amount),
    freeBetDays: row.free_bet_days,
    endsAt: row.ends_at,
    wageringMultiple: row.wagering_multiple,
    qualifyingProduct: row.qualifying_product as BonusProduct | null,
    rewardProduct: row.reward_product as BonusProduct | null,
  }),
});

export class PromotionsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Grants the free bet a code carries, in the opt-in's transaction. */
    private readonly freeBets?: FreeBetsService,
  ) {}

  /** Running now: started, not yet ended. */
  async current(): Promise<Promotion[]> {
    const now = this.clock.now();
    const rows = await this.db
      .selectFrom('promotions')
      .select(PROMOTION_COLUMNS)
      .where('starts_at', '<=', now)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(toPromotion);
  }

  async all(): Promise<Array<Promotion & { startsAt: string; optIns: number }>> {
    const rows = await this.db
      .selectFrom('promotions')
      .leftJoin('promotion_opt_ins', 'promotion_opt_ins.code', 'promotions.code')
      .select((eb) => [
        'promotions.code',
        'promotions.title',
        'promotions.description',
        'promotions.starts_at',
        'promotions.ends_at',
        'promotions.free_bet_amount',
        'promotions.free_bet_days',
        'promotions.wagering_multiple',
        'promotions.qualifying_product',
        'promotions.reward_product',
        eb.fn.count<number>('promotion_opt_ins.user_id').as('opt_ins'),
      ])
      .groupBy('promotions.code')
      .orderBy('promotions.created_at', 'desc')
      .execute();
    return rows.map((row) => ({
      ...toPromotion(row),
      startsAt: row.starts_at.toISOString(),
      optIns: Number(row.opt_ins),
    }));
  }

  async create(input: {
    code: string;
    title: string;
    description?: string;
    endsAt?: Date;
    freeBet?: { amount: number; days?: number };
    wageringMultiple?: number;
    qualifyingProduct?: BonusProduct;
    rewardProduct?: BonusProduct;
  }): Promise<Promotion> {
    const code = normalisePromoCode(input.code);
    if (!/^[A-Z0-9_-]{1,40}$/.test(code)) throw badRequest('A promo code is 1 to 40 letters, digits, - or _');
    if (!input.title.trim()) throw badRequest('A promotion needs a title');
    const now = this.clock.now();
    if (input.endsAt && input.endsAt <= now) throw badRequest('The end date must be in the future');
    if (input.freeBet && (input.freeBet.amount < MIN_STAKE_PENCE || input.freeBet.amount > MAX_STAKE_PENCE))
      throw badRequest(`A free bet is ${MIN_STAKE_PENCE} to ${MAX_STAKE_PENCE} pence`);
    if (input.freeBet?.days !== undefined && (input.freeBet.days < 1 || input.freeBet.days > MAX_FREE_BET_DAYS))
      throw badRequest(`A free bet lasts 1 to ${MAX_FREE_BET_DAYS} days`);
    // A free bet is for the sportsbook; the 19 January 2026 rules hold whatever the operator typed.
    const rewardProduct = input.freeBet ? 'sportsbook' : (input.rewardProduct ?? null);
    if (input.freeBet && input.rewardProduct && input.rewardProduct !== 'sportsbook')
      throw badRequest('A free bet is a sportsbook reward');
    const terms = {
      wageringMultiple: input.wageringMultiple ?? 0,
      qualifyingProduct: input.qualifyingProduct ?? null,
      rewardProduct,
    };
    const problem = bonusTermsProblem(terms);
    if (problem) throw badRequest(problem);
    const row = await this.db
      .insertInto('promotions')
      .values({
        code,
        title: input.title.trim(),
        description: input.description?.trim() ?? '',
        starts_at: now,
        ends_at: input.endsAt ?? null,
        created_at: now,
        free_bet_amount: input.freeBet?.amount ?? null,
        free_bet_days: input.freeBet?.days ?? null,
        wagering_multiple: terms.wageringMultiple,
        qualifying_product: terms.qualifyingProduct,
        reward_product: terms.rewardProduct,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .returning(PROMOTION_COLUMNS)
      .executeTakeFirst();
    if (!row) throw conflict(`Promo code ${code} already exists`);
    return toPromotion(row);
  }

  /** Records the customer's opt-in once; the unique key makes a second (or concurrent) use a 409. */
  async apply(userId: number, rawCode: string): Promise<ApplyPromoResponse> {
    const now = this.clock.now();
    const code = normalisePromoCode(rawCode);
    const promotion = await this.db
      .selectFrom('promotions')
      .select(PROMOTION_COLUMNS)
      .where('code', '=', code)
      .where('starts_at', '<=', now)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
      .executeTakeFirst();
    if (!promotion) throw notFound(PROMO_INVALID, 'PromoInvalid');
    const freeBet =
      promotion.free_bet_amount !== null && this.freeBets
        ? { amount: promotion.free_bet_amount, days: promotion.free_bet_days ?? undefined }
        : undefined;
    // The opt-in and the free bet it brings commit together: a code used once grants once.
    const inserted = await this.db.transaction().execute(async (trx) => {
      // The session was checked before this request; a block may have committed since. Read under FOR SHARE until the
      // opt-in commits, so no block (each updates this row) lands between the check and the grant.
      const user = await readStandingLocked(trx, userId);
      if (!user) throw notFound('No user data found.');
      if (user.verification_status !== 'passed') throw unprocessable(PROMO_NEEDS_VERIFICATION, 'VerificationRequired');
      if (blockedFromBetting(user, now)) throw forbidden(PROMO_ACCOUNT_BLOCKED, 'AccountClosed');
      const { marketing_suppressed } = await trx
        .selectFrom('users')
        .select('marketing_suppressed')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      if (marketing_suppressed) throw forbidden(MARKETING_SUPPRESSED, 'PromotionsStopped');
      const optIn = await trx
        .insertInto('promotion_opt_ins')
        .values({ user_id: userId, code, at: now })
        .onConflict((oc) => oc.columns(['user_id', 'code']).doNothing())
        .returning('code')
        .executeTakeFirst();
      if (optIn && freeBet)
        await this.freeBets!.grant(userId, freeBet.amount, { days: freeBet.days, source: `promo: ${code}` }, trx);
      return optIn;
    });
    if (!inserted) throw conflict(PROMO_USED, 'PromoUsed');
    const granted = freeBet ? ` A ${formatPence(freeBet.amount)} free bet is in your account.` : '';
    return {
      message: `Promo code ${code} applied: you are opted in to ${promotion.title}.${granted}`,
      promotion: toPromotion(promotion),
    };
  }
}
