import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import type { Trx } from '../wallet/ledger';
import { lockWallet } from '../wallet/wallet-lock';
import type { Clock } from '../../platform/clock';
import type { DepositLimitGuard } from '../payments/deposit-limit-guard';
import type {
  DeleteLimitResponse,
  DepositLimit,
  LimitKind,
  LimitQuestionResponse,
  LimitsResponse,
  SetLimitRequest,
  SetLimitResponse,
} from '../../../src/contract/limits';
import {
  LIMIT_COOLING_OFF_MS,
  LIMIT_KINDS,
  LIMIT_QUESTION_FIRST,
  LIMIT_WINDOW_MS,
  limitKey,
  limitRefusalMessage,
} from '../../../src/contract/limits';
import { notFound, unprocessable } from '../../platform/errors';
import { limitAt, orderingProblem, type LimitState } from './rules';
import { assertLimitQuestionAnswered, limitQuestionStatus, recordDecision } from './limit-question';

const LIMIT_NOT_FOUND = 'Limit not found';
const NOT_YOUR_ACCOUNT = 'You can only set limits on your own account';

/**
 * Deposit limits with their cooling-off (docs/decisions.md, Deposit limits): the first limit and any decrease apply at
 * once, an increase or a deletion 24 hours later, and a newer change replaces a waiting one. Every change and every
 * deposit check locks the customer's wallet row first, so they serialise with deposits.
 */
export class LimitsService implements DepositLimitGuard {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Told after a change commits: a raise soon after a limit was reached is a marker of harm (server/modules/harm). */
    private readonly afterChange: (userId: number) => void = () => {},
  ) {}

  async get(userId: number): Promise<LimitsResponse> {
    const now = this.clock.now();
    const result: LimitsResponse = { daily: null, weekly: null, monthly: null };
    const rows = await this.db.selectFrom('deposit_limits').selectAll().where('user_id', '=', userId).execute();
    for (const row of rows) {
      const state = limitAt(row, now);
      if (state) result[limitKey(row.kind)] = await this.view(this.db, userId, row.id, row.kind, state, now);
    }
    return result;
  }

  async set(userId: number, request: SetLimitRequest): Promise<SetLimitResponse> {
    if (request.userId !== userId) throw unprocessable(NOT_YOUR_ACCOUNT, 'NotYourAccount');
    const now = this.clock.now();
    const answer = await this.db.transaction().execute(async (trx) => {
      const states = await this.lockedStates(trx, userId, now);
      const problem = orderingProblem(request.kind, request.amount, states);
      if (problem) throw unprocessable(problem, 'LimitOrder');
      const current = states.get(request.kind);
      const immediate = !current || request.amount <= current.amount;
      const effectiveFrom = immediate ? now : new Date(now.getTime() + LIMIT_COOLING_OFF_MS);
      const values = immediate
        ? { amount: request.amount, effective_from: now, pending_amount: null, pending_from: null, updated_at: now }
        : {
            amount: current.amount,
            effective_from: current.effectiveFrom,
            pending_amount: request.amount,
            pending_from: effectiveFrom,
            updated_at: now,
          };
      const row = await trx
        .insertInto('deposit_limits')
        .values({ user_id: userId, kind: request.kind, created_at: now, ...values })
        .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet(values))
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('deposit_limit_changes')
        .values({
          user_id: userId,
          kind: request.kind,
          amount: request.amount,
          effective_from: effectiveFrom,
          created_at: now,
        })
        .execute();
      await recordDecision(trx, userId, 'set', now);
      const state: LimitState = immediate
        ? { amount: request.amount, effectiveFrom: now, pending: null }
        : {
            amount: current.amount,
            effectiveFrom: current.effectiveFrom,
            pending: { amount: request.amount, effectiveFrom },
          };
      const limit = await this.view(trx, userId, row.id, request.kind, state, now);
      const message = immediate
        ? 'Your new limit is in effect immediately.'
        : `Your new limit will come into effect at ${effectiveFrom.toISOString()}.`;
      return { message, limit };
    });
    this.afterChange(userId);
    return answer;
  }

  async delete(userId: number, id: number): Promise<DeleteLimitResponse> {
    const now = this.clock.now();
    const answer = await this.db.transaction().execute(async (trx) => {
      await lockWallet(trx, userId);
      const row = await trx
        .selectFrom('deposit_limits')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const state = row && limitAt(row, now);
      if (!row || !state) throw notFound(LIMIT_NOT_FOUND, 'LimitNotFound');
      // Asking again for a deletion already waiting keeps its time rather than restarting the wait.
      const effectiveFrom =
        state.pending && state.pending.amount === null
          ? state.pending.effectiveFrom
          : new Date(now.getTime() + LIMIT_COOLING_OFF_MS);
      await trx
        .updateTable('deposit_limits')
        .set({
          amount: state.amount,
          effective_from: state.effectiveFrom,
          pending_amount: null,
          pending_from: effectiveFrom,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
      await trx
        .insertInto('deposit_limit_changes')
        .values({ user_id: userId, kind: row.kind, amount: null, effective_from: effectiveFrom, created_at: now })
        .execute();
      return {
        message: 'Your limit will be removed after the 24 hour cooling-off period.',
        effectiveFrom: effectiveFrom.toISOString(),
      };
    });
    this.afterChange(userId);
    return answer;
  }

  question(userId: number): Promise<LimitQuestionResponse> {
    return limitQuestionStatus(this.db, userId, this.clock.now());
  }

  /** The customer chose, on the question's screen, to set no limit: recorded with its time, and asked again in six months. */
  async decline(userId: number): Promise<LimitQuestionResponse> {
    const now = this.clock.now();
    await recordDecision(this.db, userId, 'declined', now);
    return limitQuestionStatus(this.db, userId, now);
  }

  /** The six-monthly reminder was seen (opened or dismissed): the next is six months on. */
  async reviewed(userId: number): Promise<LimitQuestionResponse> {
    const now = this.clock.now();
    const status = await limitQuestionStatus(this.db, userId, now);
    if (status.mustAnswer) throw unprocessable(LIMIT_QUESTION_FIRST, 'LimitQuestionUnanswered');
    await recordDecision(this.db, userId, 'reviewed', now);
    return limitQuestionStatus(this.db, userId, now);
  }

  /**
   * The deposit path's check, run inside the deposit's settlement transaction after the wallet row is
   * locked: two deposits on one wallet cannot both see the same remaining amount.
   */
  async assertWithinLimits(db: Db | Trx, userId: number, amount: number, now: Date, held = 0): Promise<void> {
    await assertLimitQuestionAnswered(db, userId);
    const rows = await db.selectFrom('deposit_limits').selectAll().where('user_id', '=', userId).execute();
    let exceeded: LimitKind | undefined;
    const headroom: Array<{ kind: LimitKind; state: LimitState; remaining: number }> = [];
    for (const kind of LIMIT_KINDS) {
      const row = rows.find((candidate) => candidate.kind === kind);
      const state = row && limitAt(row, now);
      if (!state) continue;
      const deposited = held + (await this.depositedSince(db, userId, new Date(now.getTime() - LIMIT_WINDOW_MS[kind])));
      if (deposited + amount > state.amount) exceeded ??= kind;
      headroom.push({ kind, state, remaining: Math.max(0, state.amount - deposited) });
    }
    if (!exceeded) return;
    // What may still be deposited is the least any limit leaves; it grows once every limit leaving that least does.
    const remaining = Math.min(...headroom.map((limit) => limit.remaining));
    let growsAt: Date | null = null;
    for (const limit of headroom.filter((candidate) => candidate.remaining === remaining)) {
      const grows = await this.growsAt(db, userId, limit.kind, limit.state, now);
      if (!grows) {
        growsAt = null;
        break;
      }
      if (!growsAt || grows > growsAt) growsAt = grows;
    }
    throw unprocessable(limitRefusalMessage(exceeded, remaining, growsAt), 'DepositLimitExceeded');
  }

  /** When a limit next leaves more: its oldest counted deposit leaves the window, or a waiting rise or removal starts. */
  private async growsAt(
    db: Db | Trx,
    userId: number,
    kind: LimitKind,
    state: LimitState,
    now: Date,
  ): Promise<Date | null> {
    const window = LIMIT_WINDOW_MS[kind];
    const oldest = await db
      .selectFrom('transactions')
      .select((eb) => eb.fn.min('created_at').as('at'))
      .where('user_id', '=', userId)
      .where('kind', '=', 'Deposit')
      .where('created_at', '>', new Date(now.getTime() - window))
      .executeTakeFirst();
    const candidates: Date[] = [];
    if (oldest?.at) candidates.push(new Date(new Date(oldest.at).getTime() + window));
    if (state.pending && (state.pending.amount === null || state.pending.amount > state.amount))
      candidates.push(state.pending.effectiveFrom);
    return candidates.length ? new Date(Math.min(...candidates.map((date) => date.getTime()))) : null;
  }

  private async lockedStates(trx: Trx, userId: number, now: Date): Promise<Map<LimitKind, LimitState>> {
    await lockWallet(trx, userId);
    const rows = await trx.selectFrom('deposit_limits').selectAll().where('user_id', '=', userId).execute();
    const states = new Map<LimitKind, LimitState>();
    for (const row of rows) {
      const state = limitAt(row, now);
      if (state) states.set(row.kind, state);
    }
    return states;
  }

  private async depositedSince(db: Db | Trx, userId: number, since: Date): Promise<number> {
    const row = await db
      .selectFrom('transactions')
      .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('total'))
      .where('user_id', '=', userId)
      .where('kind', '=', 'Deposit')
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  private async view(
    db: Db | Trx,
    userId: number,
    id: number,
    kind: LimitKind,
    state: LimitState,
    now: Date,
  ): Promise<DepositLimit> {
    const deposited = await this.depositedSince(db, userId, new Date(now.getTime() - LIMIT_WINDOW_MS[kind]));
    return {
      id,
      kind,
      amount: state.amount,
      active: true,
      effectiveFrom: state.effectiveFrom.toISOString(),
      remaining: { remainingAmount: Math.max(0, state.amount - deposited) },
      ...(state.pending
        ? { pending: { amount: state.pending.amount, effectiveFrom: state.pending.effectiveFrom.toISOString() } }
        : {}),
    };
  }
}
