import { type PamOperatorCommand, userIdByEmail } from '../operator/pam-command';
import { requireArgs } from '../../platform/operator/command';
import { badRequest } from '../../platform/errors';
import { BONUS_PRODUCTS, type BonusProduct } from '../../../src/contract/bonus-terms';

const USAGE =
  'free-bet grant <email> <pence> [--days N] [--qualifying <product>] [reason...] | free-bet list <email> | free-bet expire';

function grantOptions(words: string[]): { days?: number; qualifyingProduct?: BonusProduct; reason: string } {
  const reason: string[] = [];
  let days: number | undefined;
  let qualifyingProduct: BonusProduct | undefined;
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    if (word === '--days') {
      const value = words[++index] ?? '';
      if (!/^\d{1,3}$/.test(value)) throw badRequest(`Not a number of days: ${value}`);
      days = Number(value);
    } else if (word === '--qualifying') {
      const value = words[++index] ?? '';
      if (!(BONUS_PRODUCTS as readonly string[]).includes(value))
        throw badRequest(`--qualifying takes one of ${BONUS_PRODUCTS.join(', ')}: ${value}`);
      qualifyingProduct = value as BonusProduct;
    } else reason.push(word);
  }
  return { days, qualifyingProduct, reason: reason.join(' ').trim() };
}

/** The operator grants and inspects free-bet tokens; amounts in pence, like every operator command. */
export const freeBetCommands: PamOperatorCommand[] = [
  {
    name: 'free-bet',
    usage: USAGE,
    async run(services, args) {
      const [action, email, pence, ...rest] = requireArgs(args, 1, USAGE);
      if (action === 'expire') return { expired: await services.freeBets.expireDue() };
      if (action === 'list')
        return services.freeBets.all(await userIdByEmail(services, requireArgs(args, 2, USAGE)[1]!));
      if (action === 'grant') {
        requireArgs(args, 3, USAGE);
        if (!/^\d+$/.test(pence!)) throw badRequest(`Not a whole number of pence: ${pence}`);
        const { days, qualifyingProduct, reason } = grantOptions(rest);
        return services.freeBets.grant(await userIdByEmail(services, email!), Number(pence), {
          days,
          qualifyingProduct,
          source: `operator: ${reason || 'granted'}`,
        });
      }
      throw badRequest(`Usage: ${USAGE}`);
    },
  },
];
