import { badRequest } from '../../platform/errors';
import { type PamOperatorCommand, userIdByEmail } from './pam-command';
import { parsePence, requireArgs } from '../../platform/operator/command';

export const accountCommands: PamOperatorCommand[] = [
  {
    name: 'credit',
    usage: 'credit <email> <pence> <reason>',
    async run(services, args) {
      const [email, pence, ...reason] = requireArgs(args, 3, this.usage);
      const amount = parsePence(pence!);
      if (amount < 0) throw badRequest('credit takes a positive amount; use adjust for a debit');
      const userId = await userIdByEmail(services, email!);
      const posted = await services.wallet.adjust(userId, amount, reason.join(' '));
      return { userId, balance: posted.balanceOut };
    },
  },
  {
    name: 'suspend',
    usage: 'suspend <email>',
    async run(services, args) {
      const [email] = requireArgs(args, 1, this.usage);
      const userId = await userIdByEmail(services, email!);
      await services.accounts.suspend(userId);
      return { userId, status: 'suspended' };
    },
  },
  {
    name: 'unsuspend',
    usage: 'unsuspend <email>',
    async run(services, args) {
      const [email] = requireArgs(args, 1, this.usage);
      const userId = await userIdByEmail(services, email!);
      await services.accounts.unsuspend(userId);
      return { userId, status: 'active' };
    },
  },
  {
    name: 'unlock',
    usage: 'unlock <email>',
    async run(services, args) {
      const [email] = requireArgs(args, 1, this.usage);
      const userId = await userIdByEmail(services, email!);
      await services.accounts.unlock(userId);
      return { userId, lockedOut: false };
    },
  },
];
