import type { Db } from '../../db/schema';
import type { Ledger, Posted } from './ledger';
import type { BalanceResponse } from '../../../src/contract/wallet';
import { notFound } from '../../platform/errors';
import type { AccessClaims } from '../auth/tokens';
import { assertSessionActive, SESSION_USER_COLUMNS } from '../auth/session-guard';
import type { Clock } from '../../platform/clock';
import { prebuiltQuery } from '../../platform/db/prebuilt-query';

export class WalletService {
  /** The balance with the session's standing: the header polls it, so it is built once (prebuiltQuery). */
  private readonly balanceAndSession;

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly clock: Clock,
  ) {
    this.balanceAndSession = prebuiltQuery(db, (userId: number, familyId: string) =>
      db
        .selectFrom('wallets')
        .innerJoin('users', 'users.id', 'wallets.user_id')
        .innerJoin('refresh_families', 'refresh_families.user_id', 'users.id')
        .select(['wallets.balance', 'wallets.currency', ...SESSION_USER_COLUMNS, 'refresh_families.revoked_at'])
        .where('wallets.user_id', '=', userId)
        .where('refresh_families.id', '=', familyId),
    );
  }

  /**
   * The balance for a verified token, with the session's standing checked in the same query: the header
   * polls this, so it costs one round trip instead of two.
   */
  async balanceForSession(claims: AccessClaims): Promise<BalanceResponse> {
    const [row] = await this.balanceAndSession(claims.userId, claims.familyId);
    assertSessionActive(row, this.clock.now());
    return { balance: row!.balance, currency: row!.currency };
  }

  async balance(userId: number): Promise<BalanceResponse> {
    const wallet = await this.db
      .selectFrom('wallets')
      .select(['balance', 'currency'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!wallet) throw notFound('Wallet not found');
    return { balance: wallet.balance, currency: wallet.currency };
  }

  /** An operator's correction: a new posting, never an edit. */
  adjust(userId: number, amount: number, reason: string): Promise<Posted> {
    return this.ledger.transaction((_trx, post) => post({ userId, amount, kind: 'Adjustment', reference: reason }));
  }
}
