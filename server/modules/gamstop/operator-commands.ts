import { badRequest } from '../../platform/errors';
import type { PamOperatorCommand } from '../operator/pam-command';

export const gamstopCommands: PamOperatorCommand[] = [
  {
    name: 'gamstop-checks',
    usage: 'gamstop-checks [count]',
    async run(services, args) {
      const count = args[0] === undefined ? 50 : Number(args[0]);
      if (!Number.isInteger(count) || count < 1 || count > 1000)
        throw badRequest('Usage: gamstop-checks [count] (1 to 1000, default 50)');
      return services.gamstop.list(count);
    },
  },
];
