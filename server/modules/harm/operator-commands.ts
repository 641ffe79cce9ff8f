import { badRequest } from '../../platform/errors';
import { requireArgs } from '../../platform/operator/command';
import type { PamOperatorCommand } from '../operator/pam-command';

const REVIEW_USAGE = 'interaction-review <id> <outcome...>';

export const harmCommands: PamOperatorCommand[] = [
  {
    name: 'interactions',
    usage: 'interactions [--all]',
    async run(services, args) {
      if (args.length > 1 || (args[0] !== undefined && args[0] !== '--all'))
        throw badRequest('Usage: interactions [--all]');
      return services.harm.reviews(args[0] === '--all');
    },
  },
  {
    name: 'interaction-review',
    usage: REVIEW_USAGE,
    async run(services, args) {
      const [id, ...outcome] = requireArgs(args, 2, REVIEW_USAGE);
      if (!/^\d{1,9}$/.test(id!)) throw badRequest(`Not a review id: ${id}`);
      const words = outcome.join(' ').trim();
      if (!words || words.length > 500) throw badRequest('Say what the review found, in up to 500 characters');
      return services.harm.review(Number(id), words);
    },
  },
  {
    name: 'credit-checks',
    usage: 'credit-checks [count]',
    async run(services, args) {
      const count = args[0] === undefined ? 50 : Number(args[0]);
      if (!Number.isInteger(count) || count < 1 || count > 1000)
        throw badRequest('Usage: credit-checks [count] (1 to 1000, default 50)');
      return services.creditChecks.list(count);
    },
  },
];
