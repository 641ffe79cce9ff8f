import type { Db } from '../../db/schema';
import type { Trx } from '../wallet/ledger';
import type { LimitDecision, LimitQuestionResponse } from '../../../src/contract/limits';
import { LIMIT_QUESTION_UNANSWERED, LIMIT_REVIEW_MONTHS } from '../../../src/contract/limits';
import { unprocessable } from '../../platform/errors';

/** The same day of the month `months` later (UTC), or that month's last day when it is shorter. */
export function addMonths(from: Date, months: number): Date {
  const target = new Date(from.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

export async function recordDecision(db: Db | Trx, userId: number, decision: LimitDecision, now: Date) {
  await db.insertInto('limit_decisions').values({ user_id: userId, decision, created_at: now }).execute();
}

async function hasDeposited(db: Db | Trx, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('transactions')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'Deposit')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The customer's answers and reviews, newest first, and whether they have a limit row at all: a limit set before the
 * question existed answers it as well as an answer does.
 */
async function decisionsOf(db: Db | Trx, userId: number) {
  const latest = await db
    .selectFrom('limit_decisions')
    .select(['decision', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const answered =
    latest !== undefined ||
    (await db.selectFrom('deposit_limits').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !==
      undefined;
  return { latest, answered };
}

/** Where the customer stands (GET /responsible-gambling/limit-question): the six months run from their latest answer or review. */
export async function limitQuestionStatus(db: Db | Trx, userId: number, now: Date): Promise<LimitQuestionResponse> {
  const { latest, answered } = await decisionsOf(db, userId);
  const deposited = await hasDeposited(db, userId);
  // Customers who deposited before the question existed and never answered it are reminded at once.
  const nextReview = latest ? addMonths(latest.created_at, LIMIT_REVIEW_MONTHS) : deposited ? now : null;
  return {
    mustAnswer: !answered && !deposited,
    lastDecision: latest?.decision ?? null,
    lastDecisionAt: latest?.created_at.toISOString() ?? null,
    reviewDue: nextReview !== null && nextReview.getTime() <= now.getTime(),
    nextReviewAt: nextReview?.toISOString() ?? null,
  };
}

/** The deposit path's refusal of a first deposit before the question is answered (LCCP from 31 October 2025). */
export async function assertLimitQuestionAnswered(db: Db | Trx, userId: number): Promise<void> {
  const { answered } = await decisionsOf(db, userId);
  if (answered || (await hasDeposited(db, userId))) return;
  throw unprocessable(LIMIT_QUESTION_UNANSWERED, 'LimitQuestionUnanswered');
}
