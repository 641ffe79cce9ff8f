import { MARKETING_SUPPRESSED } from '../promotions/marketing-suppressed';
import { bonusTermsProblem, type BonusProduct } from '../../../src/contract/bonus-terms';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { Trx } from '../wallet/ledger';
import { badRequest, unprocessable } from '../../platform/errors';
import { walletError } from '../games/errors';
import { blockedFromBetting, readStandingLocked } from '../games/standing';
import { MAX_STAKE_PENCE, MIN_STAKE_PENCE } from '../../../src/contract/sportsbook-rules';
import type { FreeBetToken } from '../../../src/contract/games';
import type { FreeBetStatus } from './tables';

const DEFAULT_FREE_BET_DAYS = 7;
/**
 * A free bet is an inducement to gamble: none is granted to a customer who may not bet now (suspended, deleted,
 * locked, unverified, timed out or self-excluded, GAMSTOP's included), the same rule the wallet API's debit refuses a stake by.
 */
export const FREE_BET_ACCOUNT_BLOCKED =
  'No free bet granted: this account cannot bet now (suspended, closed, locked, unverified, timed out or self-excluded).';
export const MAX_FREE_BET_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface FreeBetRecord {
  freeBetId: string;
  amount: number;
  source: string;
  status: FreeBetStatus;
  grantedAt: string;
  expiresAt: string;
  usedAt: string | null;
  usedBetId: string | null;
  returnedAt: string | null;
  expiredAt: string | null;
}

/**
 * Free-bet tokens (docs/sportsbook.md, "Free bets"): the PAM's, granted by the operator or a promo code, used once
 * through the wallet API's debit (`freeBetId`) in the debit's own transaction, given back by that debit's rollback, and
 * expired when their time is up. The row is the record of all four; no cash posting is ever made for the stake.
 */
export class FreeBetsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly newId: () => string = randomUUID,
  ) {}

  /**
   * Grants a token; in the caller's transaction when given (a promo code's opt-in), else in its own. The customer's standing
   * is read under FOR SHARE on their users row, held until the token commits: a block (each updates that row) committed
   * first is seen and refuses, with nothing written; one sent meanwhile waits for the grant. No wallet lock is taken.
   */
  async grant(
    userId: number,
    amount: number,
    options: { days?: number; source: string; qualifyingProduct?: BonusProduct },
    trx?: Trx,
  ): Promise<FreeBetRecord> {
    // A free bet is a sportsbook reward with no wagering requirement (its winnings are cash): only what earned it can break the 2026 rules.
    const problem = bonusTermsProblem({
      wageringMultiple: 0,
      qualifyingProduct: options.qualifyingProduct ?? null,
      rewardProduct: 'sportsbook',
    });
    if (problem) throw badRequest(problem);
    if (!Number.isSafeInteger(amount) || amount < MIN_STAKE_PENCE || amount > MAX_STAKE_PENCE)
      throw badRequest(`A free bet is ${MIN_STAKE_PENCE} to ${MAX_STAKE_PENCE} pence`);
    const days = options.days ?? DEFAULT_FREE_BET_DAYS;
    if (!Number.isInteger(days) || days < 1 || days > MAX_FREE_BET_DAYS)
      throw badRequest(`A free bet lasts 1 to ${MAX_FREE_BET_DAYS} days`);
    if (!trx) return this.db.transaction().execute((own) => this.grant(userId, amount, options, own));
    const now = this.clock.now();
    const user = await readStandingLocked(trx, userId);
    if (!user || blockedFromBetting(user, now)) throw unprocessable(FREE_BET_ACCOUNT_BLOCKED, 'PlayerBlocked');
    const { marketing_suppressed } = await trx
      .selectFrom('users')
      .select('marketing_suppressed')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (marketing_suppressed) throw unprocessable(MARKETING_SUPPRESSED, 'PromotionsStopped');
    const row = await trx
      .insertInto('free_bets')
      .values({
        id: this.newId(),
        user_id: userId,
        amount,
        source: options.source.slice(0, 200),
        status: 'available',
        granted_at: now,
        expires_at: new Date(now.getTime() + days * DAY_MS),
        used_at: null,
        used_bet_id: null,
        returned_at: null,
        expired_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  /** Every token of the customer, newest first (the operator's view), after recording any expiry due. */
  async all(userId: number): Promise<FreeBetRecord[]> {
    await this.expireDue(userId);
    const rows = await this.db
      .selectFrom('free_bets')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('granted_at', 'desc')
      .execute();
    return rows.map(toRecord);
  }

  /** The tokens the customer can stake now, soonest to expire first. */
  async usable(userId: number): Promise<FreeBetToken[]> {
    await this.expireDue(userId);
    const rows = await this.db
      .selectFrom('free_bets')
      .select(['id', 'amount', 'expires_at'])
      .where('user_id', '=', userId)
      .where('status', '=', 'available')
      .orderBy('expires_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ freeBetId: row.id, amount: row.amount, expiresAt: row.expires_at.toISOString() }));
  }

  /** Records the expiry of tokens whose time is up (never a used one). */
  async expireDue(userId?: number): Promise<number> {
    const now = this.clock.now();
    let query = this.db
      .updateTable('free_bets')
      .set({ status: 'expired', expired_at: now })
      .where('status', '=', 'available')
      .where('expires_at', '<=', now);
    if (userId !== undefined) query = query.where('user_id', '=', userId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** A debit's use of a token, in the debit's transaction: the player's, available, unexpired, and of this amount. */
  async use(trx: Trx, request: { freeBetId: string; playerId: number; amount: number; betId: string }): Promise<void> {
    const now = this.clock.now();
    const used = await trx
      .updateTable('free_bets')
      .set({ status: 'used', used_at: now, used_bet_id: request.betId })
      .where('id', '=', request.freeBetId)
      .where('user_id', '=', request.playerId)
      .where('status', '=', 'available')
      .where('expires_at', '>', now)
      .where('amount', '=', request.amount)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw walletError('FreeBetUnavailable');
  }

  /** A rollback of the debit that used the token: it is the customer's again (or expired, if its time is up). */
  async giveBack(trx: Trx, freeBetId: string): Promise<void> {
    const now = this.clock.now();
    await trx
      .updateTable('free_bets')
      .set({
        status: sql<FreeBetStatus>`CASE WHEN expires_at > ${now} THEN 'available' ELSE 'expired' END`,
        expired_at: sql<Date | null>`CASE WHEN expires_at > ${now} THEN NULL ELSE ${now}::timestamptz END`,
        used_bet_id: null,
        returned_at: now,
      })
      .where('id', '=', freeBetId)
      .where('status', '=', 'used')
      .execute();
  }
}

function toRecord(row: {
  id: string;
  amount: number;
  source: string;
  status: FreeBetStatus;
  granted_at: Date;
  expires_at: Date;
  used_at: Date | null;
  used_bet_id: string | null;
  returned_at: Date | null;
  expired_at: Date | null;
}): FreeBetRecord {
  return {
    freeBetId: row.id,
    amount: row.amount,
    source: row.source,
    status: row.status,
    grantedAt: row.granted_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    usedAt: row.used_at?.toISOString() ?? null,
    usedBetId: row.used_bet_id,
    returnedAt: row.returned_at?.toISOString() ?? null,
    expiredAt: row.expired_at?.toISOString() ?? null,
  };
}
