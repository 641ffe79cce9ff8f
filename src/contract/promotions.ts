import { z } from 'zod';
import { text } from './common';

const PROMO_REQUIRED = 'Please enter a promo code';
export const PROMO_FAILED = 'There was a problem submitting the promo code. Please try again later.';
export const PROMO_INVALID = 'Invalid promo code';
export const PROMO_USED = 'Promo code already used';
const PROMO_CODE_MAX = 40;

/** Codes are compared without regard to case or surrounding spaces. */
export const normalisePromoCode = (code: string) => code.trim().toUpperCase();

export const promoCodeForm = z.object({
  promo_code: text().trim().min(1, PROMO_REQUIRED).max(PROMO_CODE_MAX, PROMO_INVALID),
});

export const promoCodeParam = z.object({
  code: text().trim().min(1, PROMO_REQUIRED).max(PROMO_CODE_MAX, PROMO_INVALID),
});

/** `terms`: the significant terms in one line (bonusTermsLine), as the promotions drawer shows them. */
const promotion = z.object({
  code: text(),
  title: text(),
  description: text(),
  endsAt: text().nullable(),
  terms: text(),
});
export type Promotion = z.infer<typeof promotion>;

export const applyPromoResponse = z.object({ message: text(), promotion });
export type ApplyPromoResponse = z.infer<typeof applyPromoResponse>;

export const promotionsResponse = z.array(promotion);
