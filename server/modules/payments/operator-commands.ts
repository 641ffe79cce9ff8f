import { type PamOperatorCommand, userIdByEmail } from '../operator/pam-command';
import { parsePence, requireArgs } from '../../platform/operator/command';
import { badRequest } from '../../platform/errors';
import { formatPence } from '../../../src/contract/rules/money';

const paymentIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function paymentId(value: string): string {
  if (!paymentIdPattern.test(value)) throw badRequest(`Not a payment id: ${value}`);
  return value.toLowerCase();
}

export const paymentCommands: PamOperatorCommand[] = [
  {
    name: 'withdrawals',
    usage: 'withdrawals',
    run: (services) => services.payments.openWithdrawals(),
  },
  {
    name: 'complete',
    usage: 'complete <paymentId>',
    async run(services, args) {
      const [id] = requireArgs(args, 1, this.usage);
      return services.payments.completeWithdrawal(paymentId(id!));
    },
  },
  {
    name: 'reject',
    usage: 'reject <paymentId> <reason>',
    async run(services, args) {
      const [id, ...reason] = requireArgs(args, 2, this.usage);
      return services.payments.rejectWithdrawal(paymentId(id!), reason.join(' ').slice(0, 200));
    },
  },
  {
    name: 'payout-balance',
    usage: 'payout-balance <email>   (a deleted account by its deleted-<id>@invalid address)',
    async run(services, args) {
      const [email] = requireArgs(args, 1, 'payout-balance <email>');
      const userId = await services.users.findIdByEmail(email!, { includeDeleted: true });
      if (userId === undefined) throw badRequest(`No customer with e-mail ${email}`);
      const payout = await services.payments.payOutBalance(userId);
      return { userId, ...payout, paid: formatPence(payout.amount) };
    },
  },
  {
    name: 'adjust',
    usage: 'adjust <email> <pence> <reason>',
    async run(services, args) {
      const [email, pence, ...reason] = requireArgs(args, 3, this.usage);
      const amount = parsePence(pence!);
      const userId = await userIdByEmail(services, email!);
      const posted = await services.wallet.adjust(userId, amount, reason.join(' ').slice(0, 200));
      return { userId, amount, balance: posted.balanceOut };
    },
  },
  {
    name: 'verify',
    usage: 'verify <email>',
    async run(services, args) {
      const [email] = requireArgs(args, 1, this.usage);
      const userId = await userIdByEmail(services, email!);
      await services.users.markVerified(userId, services.clock.now());
      return { userId, verificationStatus: 'passed' };
    },
  },
];
