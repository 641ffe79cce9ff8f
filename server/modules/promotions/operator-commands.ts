import type { PamOperatorCommand } from '../operator/pam-command';
import { requireArgs } from '../../platform/operator/command';
import { badRequest } from '../../platform/errors';
import { BONUS_PRODUCTS, type BonusProduct } from '../../../src/contract/bonus-terms';

const USAGE =
  'promo create <code> <title...> [--ends YYYY-MM-DD] [--free-bet <pence> [--free-bet-days N]] [--wagering N] [--qualifying <product>] [--reward <product>] [--description <text...>] | promo list';

function product(flag: string, value: string): BonusProduct {
  if (!(BONUS_PRODUCTS as readonly string[]).includes(value))
    throw badRequest(`${flag} takes one of ${BONUS_PRODUCTS.join(', ')}: ${value}`);
  return value as BonusProduct;
}

/** Splits `--ends` and `--description` out of the words after the code. */
function createOptions(words: string[]): {
  title: string;
  endsAt?: Date;
  description?: string;
  freeBet?: { amount: number; days?: number };
  wageringMultiple?: number;
  qualifyingProduct?: BonusProduct;
  rewardProduct?: BonusProduct;
} {
  const title: string[] = [];
  let description: string[] | undefined;
  let endsAt: Date | undefined;
  let freeBet: { amount: number; days?: number } | undefined;
  let wageringMultiple: number | undefined;
  let qualifyingProduct: BonusProduct | undefined;
  let rewardProduct: BonusProduct | undefined;
  const whole = (flag: string, value: string) => {
    if (!/^\d{1,9}$/.test(value)) throw badRequest(`${flag} needs a whole number: ${value}`);
    return Number(value);
  };
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    if (word === '--ends') {
      const value = words[++index] ?? '';
      if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/.test(value) || Number.isNaN(new Date(value).getTime()))
        throw badRequest(`Not a date: ${value}`);
      endsAt = new Date(value);
    } else if (word === '--free-bet') freeBet = { ...freeBet, amount: whole(word, words[++index] ?? '') };
    else if (word === '--free-bet-days')
      freeBet = { amount: freeBet?.amount ?? 0, days: whole(word, words[++index] ?? '') };
    else if (word === '--wagering') wageringMultiple = whole(word, words[++index] ?? '');
    else if (word === '--qualifying') qualifyingProduct = product(word, words[++index] ?? '');
    else if (word === '--reward') rewardProduct = product(word, words[++index] ?? '');
    else if (word === '--description') description = [];
    else (description ?? title).push(word);
  }
  if (freeBet && !freeBet.amount) throw badRequest('--free-bet-days needs --free-bet <pence>');
  return {
    title: title.join(' '),
    endsAt,
    description: description?.join(' '),
    freeBet,
    wageringMultiple,
    qualifyingProduct,
    rewardProduct,
  };
}

export const promotionCommands: PamOperatorCommand[] = [
  {
    name: 'promo',
    usage: USAGE,
    async run(services, args) {
      const [action, code, ...rest] = requireArgs(args, 1, USAGE);
      if (action === 'list') return services.promotions.all();
      if (action === 'create') {
        requireArgs(args, 3, USAGE);
        return services.promotions.create({ code: code!, ...createOptions(rest) });
      }
      throw badRequest(`Usage: ${USAGE}`);
    },
  },
];
