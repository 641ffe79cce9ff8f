import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { DAY, MINUTE } from '../../platform/clock';
import type { Trx } from '../wallet/ledger';
import {
  CreditReferenceUnavailableError,
  type CreditReferenceProvider,
} from '../../providers/credit-reference/provider';
import type { HarmService } from './service';
import type { CreditCheckStatus } from './tables';

/** SR 3.4.4's trigger: £150 of net deposits in a rolling 30 days (docs/decisions.md, "Financial vulnerability checks"). */
const CREDIT_CHECK_THRESHOLD_PENCE = 15_000;
const CHECK_WINDOW_MS = 30 * DAY;
const FIRST_RETRY_MS = MINUTE;
const MAX_RETRY_MS = 60 * MINUTE;

export interface CreditCheckRecord {
  id: number;
  userId: number;
  email: string;
  status: CreditCheckStatus;
  netDeposits: number;
  publicRecords: string[] | null;
  reference: string | null;
  attempts: Array<{ outcome: string; detail: string | null; at: string }>;
  createdAt: string;
  nextAttemptAt: string | null;
}

export interface CreditChecksDeps {
  db: Db;
  clock: Clock;
  provider: CreditReferenceProvider;
  harm: HarmService;
  log?: (error: unknown, message: string) => void;
}

/**
 * Financial vulnerability checks (LCCP SR 3.4.4). A deposit that brings 30-day net deposits to £150 records a
 * pending check in its own transaction; the bureau is asked only after it commits, so a slow or failed bureau never
 * holds a deposit up. No usable answer leaves the check pending, retried with backoff, each attempt recorded.
 */
export class CreditChecks {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly deps: CreditChecksDeps) {}

  /**
   * Inside the deposit's transaction, with the customer's wallet row locked (so two deposits decide one at a time):
   * opens a check when net deposits have reached the threshold and no check was opened in the last 30 days.
   */
  async noteDeposit(trx: Trx, userId: number): Promise<boolean> {
    const now = this.deps.clock.now();
    const net = await this.deps.harm.netDeposits(trx, userId, now);
    if (net < CREDIT_CHECK_THRESHOLD_PENCE) return false;
    const recent = await trx
      .selectFrom('credit_reference_checks')
      .select('id')
      .where('user_id', '=', userId)
      .where('created_at', '>', new Date(now.getTime() - CHECK_WINDOW_MS))
      .executeTakeFirst();
    if (recent) return false;
    await trx
      .insertInto('credit_reference_checks')
      .values({ user_id: userId, status: 'pending', net_deposits: net, next_attempt_at: now, created_at: now })
      .execute();
    return true;
  }

  /** Asks the bureau about every pending check that is due; returns how many got an answer. */
  async runDue(limit = 20): Promise<number> {
    await this.recordUnrecordedHits();
    const now = this.deps.clock.now();
    const due = await this.deps.db
      .selectFrom('credit_reference_checks')
      .select(['id', 'user_id', 'attempts'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
    let answered = 0;
    for (const check of due) if (await this.attempt(check)) answered++;
    return answered;
  }

  /** Runs due checks now, off the caller's path (after a deposit commits); a failure is logged, the check stays pending. */
  kick(): void {
    const round = (this.running ?? Promise.resolve())
      .then(() => this.runDue())
      .catch((error: unknown) => this.deps.log?.(error, 'credit-reference checks failed'));
    this.running = round;
  }

  /** Tries due checks every `everyMs` (retries of checks whose bureau was down). */
  start(everyMs = MINUTE): void {
    this.timer = setInterval(() => this.kick(), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  async list(limit: number): Promise<CreditCheckRecord[]> {
    const rows = await this.deps.db
      .selectFrom('credit_reference_checks')
      .innerJoin('users', 'users.id', 'credit_reference_checks.user_id')
      .select([
        'credit_reference_checks.id',
        'credit_reference_checks.user_id',
        'users.email',
        'credit_reference_checks.status',
        'credit_reference_checks.net_deposits',
        'credit_reference_checks.public_records',
        'credit_reference_checks.reference',
        'credit_reference_checks.created_at',
        'credit_reference_checks.next_attempt_at',
      ])
      .orderBy('credit_reference_checks.id', 'desc')
      .limit(limit)
      .execute();
    const attempts = rows.length
      ? await this.deps.db
          .selectFrom('credit_reference_attempts')
          .selectAll()
          .where(
            'check_id',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('id')
          .execute()
      : [];
    return rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      email: row.email,
      status: row.status,
      netDeposits: Number(row.net_deposits),
      publicRecords: row.public_records,
      reference: row.reference,
      attempts: attempts
        .filter((attempt) => attempt.check_id === row.id)
        .map((attempt) => ({ outcome: attempt.outcome, detail: attempt.detail, at: attempt.at.toISOString() })),
      createdAt: row.created_at.toISOString(),
      nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    }));
  }

  private async attempt(check: { id: number; user_id: number; attempts: number }): Promise<boolean> {
    const { db, clock, provider } = this.deps;
    const user = await db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'date_of_birth', 'address_post_code'])
      .where('id', '=', check.user_id)
      .executeTakeFirstOrThrow();
    let answer: Awaited<ReturnType<CreditReferenceProvider['check']>> | undefined;
    let detail: string | null = null;
    try {
      answer = await provider.check({
        firstName: user.first_name,
        lastName: user.last_name,
        dateOfBirth: user.date_of_birth,
        postcode: user.address_post_code,
      });
    } catch (error) {
      detail = (
        error instanceof CreditReferenceUnavailableError
          ? error.message
          : `unexpected failure: ${error instanceof Error ? error.message : String(error)}`
      ).slice(0, 500);
    }
    const now = clock.now();
    const outcome = !answer ? 'failed' : answer.publicRecords.length > 0 ? 'hit' : 'clear';
    const attempts = check.attempts + 1;
    const recorded = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('credit_reference_checks')
        .set(
          answer
            ? {
                status: outcome === 'hit' ? 'hit' : 'clear',
                public_records: JSON.stringify(answer.publicRecords),
                reference: answer.reference,
                attempts,
                answered_at: now,
              }
            : {
                attempts,
                next_attempt_at: new Date(now.getTime() + Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempts - 1))),
              },
        )
        .where('id', '=', check.id)
        .where('status', '=', 'pending')
        .where('attempts', '=', check.attempts)
        .returning('id')
        .executeTakeFirst();
      // Another round took this check meanwhile: its attempt is the one recorded.
      if (!updated) return false;
      await trx
        .insertInto('credit_reference_attempts')
        .values({ check_id: check.id, outcome, detail, at: now })
        .execute();
      return true;
    });
    if (recorded && answer && outcome === 'hit')
      await this.recordHit({ id: check.id, userId: check.user_id, ...answer, at: now });
    return recorded && answer !== undefined;
  }

  private recordHit(hit: { id: number; userId: number; publicRecords: string[]; reference: string; at: Date }) {
    return this.deps.harm.record(hit.userId, [
      {
        kind: 'financial-vulnerability',
        key: `check-${hit.id}`,
        evidence: { checkId: hit.id, publicRecords: hit.publicRecords, reference: hit.reference },
        observedAt: hit.at,
      },
    ]);
  }

  /** A hit whose marker was never written (the process stopped between the two) gets it now: a hit is never lost. */
  private async recordUnrecordedHits(): Promise<void> {
    const hits = await this.deps.db
      .selectFrom('credit_reference_checks as answered')
      .select([
        'answered.id',
        'answered.user_id',
        'answered.public_records',
        'answered.reference',
        'answered.answered_at',
      ])
      .where('answered.status', '=', 'hit')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('harm_markers as marker')
              .select('marker.id')
              .whereRef('marker.user_id', '=', 'answered.user_id')
              .where('marker.kind', '=', 'financial-vulnerability')
              .where(sql<boolean>`marker.marker_key = 'check-' || answered.id`),
          ),
        ),
      )
      .limit(100)
      .execute();
    for (const hit of hits)
      await this.recordHit({
        id: hit.id,
        userId: hit.user_id,
        publicRecords: hit.public_records ?? [],
        reference: hit.reference ?? '',
        at: hit.answered_at ?? this.deps.clock.now(),
      });
  }
}
