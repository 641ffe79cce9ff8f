import type { Db } from '../../db/database';
import type { Ledger, Posted } from './ledger';
import type { BalanceResponse } from '../../../src/contract/wallet';
import { notFound } from '../../errors';

export class WalletService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
  ) {}

  async balance(userId: number): Promise<BalanceResponse> {
    const wallet = await this.db.selectFrom('wallets').select(['balance', 'currency']).where('user_id', '=', userId).executeTakeFirst();
    if (!wallet) throw notFound('Wallet not found');
    return { balance: wallet.balance, currency: wallet.currency };
  }

  /** An operator's correction: a new posting, never an edit. */
  adjust(userId: number, amount: number, reason: string): Promise<Posted> {
    return this.ledger.transaction((_trx, post) => post({ userId, amount, kind: 'Adjustment', reference: reason }));
  }
}
