import { sql, type Insertable, type RawBuilder, type Transaction } from 'kysely';
import type { Clock } from '../../platform/clock';
import { DEBIT_BATCH_MAX } from '../../../src/contract/games';
import { GroupCommit, KeyedGroupCommit } from '../../platform/group-commit';
import type { BetsDatabase, BetsDb, WalletCallKind, WalletCallsTable } from '../bets/tables';
import type { WalletAnswer, WalletClient } from '../wallet-client';

export interface WalletCall {
  id: string;
  kind: WalletCallKind;
  betId: string;
  body: Record<string, unknown>;
  attempts: number;
  createdAt: Date;
}

/** How a call ended: done (the PAM did it), failed (a definitive refusal, or a debit never confirmed). */
export type CallResult =
  { state: 'done'; answer: Record<string, unknown> } | { state: 'failed'; code: string; message: string };

/**
 * A change made by the statement that records answers, for every call it records (set-based: one statement records
 * the answers of many calls at once). `statements` are CTEs that can read `answered` (id and bet_id of each call
 * whose answer this statement is the first to record); `returning` is a query over them whose rows, at most one per
 * call and naming it in `call_id`, afterCommit receives. `returning` is worked out once, whatever it joins (see
 * recordAnswersSql); a statement marked `materialized` is too, where a query reading it would otherwise be inlined
 * and run again for each row of a join (an aggregate over a batch's rows, say).
 */
export interface AlongsideSql {
  statements: Array<{ name: string; statement: RawBuilder<unknown>; materialized?: boolean }>;
  returning: RawBuilder<unknown>;
}

/**
 * What the bets side does when a call of a kind is answered: `inTransaction` runs in the same transaction that
 * records the answer (so a bet's status and its call's state change together), `afterCommit` pushes to the frame.
 */
export interface CallHandler {
  /**
   * The usual answer's change as part of the very statement that records the answer (one round trip, no
   * transaction, shared by the answers recorded at the same moment). The same for every result of one state;
   * undefined for answers that need inTransaction.
   */
  alongside?(result: CallResult): AlongsideSql | undefined;
  inTransaction?(trx: Transaction<BetsDatabase>, call: WalletCall, result: CallResult): Promise<void>;
  afterCommit?(call: WalletCall, result: CallResult, returned?: Record<string, unknown>): Promise<void> | void;
}

export interface OutboxPolicy {
  /** The first retry after this long, doubling up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A debit still unanswered this long after it was stored is given up (and rolled back by its handler). */
  debitGiveUpMs: number;
  /** Rows claimed per drain pass, and calls in flight at once. */
  batchSize: number;
  concurrency: number;
  /** Credits sent per batched call (the wallet API's /credits); 1 sends each alone. Default CREDIT_BATCH. */
  creditBatch?: number;
  /** Debits sent at the same moment go in one call (the wallet API's /debits), this many at most. Default DEBIT_BATCH. */
  debitBatch?: number;
  /** Batched debit calls in flight at once. Default DEBITS_IN_FLIGHT. */
  debitsInFlight?: number;
}

/** Settlement's credits go to the PAM this many to a call. */
export const CREDIT_BATCH = 100;
const DEBIT_BATCH = 100;
/**
 * One batch in flight (the classic group commit): placements then move through storing, debiting and recording in
 * step, and each step's batches stay big (about 12 debits a call at 32 clients in the bench, against 2.5 with 4 in
 * flight, and half the sportsbook's statements and CPU per bet).
 */
const DEBITS_IN_FLIGHT = 1;
/** Answers recorded by one statement at most. */
const RECORD_BATCH = 200;

export const defaultOutboxPolicy: OutboxPolicy = {
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  debitGiveUpMs: 120_000,
  batchSize: 500,
  concurrency: 32,
};

/** A debit that never got an answer: the code its failure is recorded under. */
export const UNCONFIRMED = 'Unconfirmed';

/** What is stored as a call's answer. */
const answerOf = (result: CallResult) =>
  result.state === 'done' ? result.answer : { code: result.code, message: result.message };
/**
 * A bet's closing credit waits while a credit that leaves it open (a partial cash out) is still unanswered: the PAM
 * takes no money on a closed bet, so the part must arrive first.
 */
const notBehindPartCredit = sql<boolean>`NOT (wallet_calls.kind = 'credit' AND (wallet_calls.body->>'closesBet')::boolean AND EXISTS (
  SELECT 1 FROM sportsbook.wallet_calls part WHERE part.bet_id = wallet_calls.bet_id AND part.kind = 'credit' AND part.state = 'pending'
     AND part.id <> wallet_calls.id AND NOT (part.body->>'closesBet')::boolean))`;
/**
 * The same rule for a whole claim pass: the bets with a part credit pending are found once (a hashed subplan), not
 * once per row. Correlated, the planner may read every pending row for each row claimed (it did, through the
 * pending-calls index, once a settlement had stored 50,000 credits: 13 s a pass of 500 instead of 0.1 s).
 */
const notBehindPartCreditInPass = sql<boolean>`NOT (wallet_calls.kind = 'credit' AND (wallet_calls.body->>'closesBet')::boolean AND wallet_calls.bet_id IN (
  SELECT part.bet_id FROM sportsbook.wallet_calls part WHERE part.kind = 'credit' AND part.state = 'pending' AND NOT (part.body->>'closesBet')::boolean))`;

export type NewCall = { id: string; kind: WalletCallKind; betId: string; body: Record<string, unknown> };

/** A held call is stored with its caller's own first send already counted (heldCall). */
const HELD_CALL_ATTEMPTS = 1;

/** A pending call abandoned: whether another sender may already have sent it, and its body as stored. */
export interface Abandoned {
  mayHaveBeenSent: boolean;
  body: Record<string, unknown>;
}

/** A call's row as written inside a JSON document (its body the object itself, never text). */
export type HeldCallRow = Omit<Insertable<WalletCallsTable>, 'body'> & { body: Record<string, unknown> };

interface Answered {
  call: WalletCall;
  result: CallResult;
}

/**
 * The statement recording these answers (all of one state) once each, with the handler's change alongside. The
 * handler's rows are a MATERIALIZED CTE: the planner reckons each data-modifying CTE at one row, so joined inline
 * to `answered` they were the inner side of a nested loop and worked out again for every answer (a batch of n
 * debits built n x n legs' JSON: about 5 ms of PostgreSQL's CPU for 30 bets).
 */
function recordAnswersSql(
  answers: readonly Answered[],
  state: CallResult['state'],
  now: Date,
  alongside: AlongsideSql | undefined,
) {
  return sql<Record<string, unknown> & { answered_id: string }>`
    WITH answered AS (
      UPDATE sportsbook.wallet_calls AS c SET state = ${state}, answer = a.answer::jsonb, updated_at = ${now}
      FROM unnest(${answers.map(({ call }) => call.id)}::text[], ${answers.map(({ result }) => JSON.stringify(answerOf(result)))}::text[]) AS a(id, answer)
      WHERE c.id = a.id AND c.state = 'pending'
      RETURNING c.id, c.bet_id
    )${
      alongside
        ? sql.join(
            [
              ...alongside.statements.map(
                ({ name, statement, materialized }) =>
                  sql`, ${sql.id(name)} AS ${materialized ? sql`MATERIALIZED ` : sql``}(${statement})`,
              ),
              sql`, alongside_returned AS MATERIALIZED (${alongside.returning})`,
            ],
            sql``,
          )
        : sql``
    }
    SELECT answered.id AS answered_id${alongside ? sql`, r.*` : sql``} FROM answered${alongside ? sql` LEFT JOIN alongside_returned r ON r.call_id = answered.id` : sql``}`;
}

const toCall = (
  row: Pick<WalletCallsTable, 'id' | 'kind' | 'bet_id' | 'created_at'> & {
    body: Record<string, unknown>;
    attempts: number;
  },
): WalletCall => ({
  id: row.id,
  kind: row.kind,
  betId: row.bet_id,
  body: row.body,
  attempts: row.attempts,
  createdAt: row.created_at,
});

/**
 * The outbox of money calls (sportsbook.wallet_calls). A call is stored, in the caller's transaction, before it
 * is ever sent; then it is sent (at once by the caller, or by the worker) with the same id and body until the
 * PAM answers. No database transaction is ever held across an HTTP call (PGlite is one connection, shared with
 * the PAM under `npm start`).
 */
export class WalletOutbox {
  private readonly handlers = new Map<WalletCallKind, CallHandler>();
  /** Debits sent at the same moment (placements', the worker's) go to the PAM in one call. */
  private readonly debits: GroupCommit<WalletCall, WalletAnswer>;
  /** Answers recorded at the same moment share a statement: one queue per kind and state (one statement's shape). */
  private readonly recorders = new KeyedGroupCommit<Answered, Record<string, unknown> | undefined>(
    (answers) => this.recordTogether(answers),
    { maxBatch: RECORD_BATCH },
  );
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;

  constructor(
    private readonly db: BetsDb,
    private readonly client: WalletClient,
    private readonly clock: Clock,
    private readonly policy: OutboxPolicy = defaultOutboxPolicy,
    private readonly log: (message: string, detail?: unknown) => void = () => {},
  ) {
    this.debits = new GroupCommit((calls) => this.sendDebits(calls), {
      maxBatch: Math.min(DEBIT_BATCH_MAX, policy.debitBatch ?? DEBIT_BATCH),
      inFlight: policy.debitsInFlight ?? DEBITS_IN_FLIGHT,
    });
  }

  handle(kind: WalletCallKind, handler: CallHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Stores calls as pending; `holdMs` keeps the worker off them while their caller sends them itself. */
  async add(trx: Transaction<BetsDatabase> | BetsDb, calls: NewCall[], holdMs = 0): Promise<void> {
    if (calls.length === 0) return;
    const now = this.clock.now();
    const next = new Date(now.getTime() + holdMs);
    await trx
      .insertInto('sportsbook.wallet_calls')
      .values(
        calls.map((call) => ({
          id: call.id,
          kind: call.kind,
          bet_id: call.betId,
          body: JSON.stringify(call.body),
          state: 'pending' as const,
          next_attempt_at: next,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }

  /**
   * A call to store in the caller's own statement (its row) and then send at once with sendHeld: stored with its
   * first attempt counted and held `holdMs` from the worker, so the caller needs no claim before sending.
   */
  heldCall(call: NewCall, holdMs: number): { row: HeldCallRow; call: WalletCall } {
    const now = this.clock.now();
    return {
      row: {
        id: call.id,
        kind: call.kind,
        bet_id: call.betId,
        body: call.body,
        state: 'pending',
        attempts: HELD_CALL_ATTEMPTS,
        next_attempt_at: new Date(now.getTime() + holdMs),
        created_at: now,
        updated_at: now,
      },
      call: { ...call, attempts: HELD_CALL_ATTEMPTS, createdAt: now },
    };
  }

  /** Sends a call just stored by heldCall's row, then tries again like attemptFor (claiming it each time after the first). */
  async sendHeld(call: WalletCall, tries: number, pauseMs: number): Promise<CallResult | 'unanswered' | 'not-pending'> {
    const result = await this.sendAndRecord(call);
    if (result !== 'unanswered' || tries <= 1) return result;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    return this.attemptFor(call.id, tries - 1, pauseMs);
  }

  /** Sends a pending call once now and records a definitive answer; 'unanswered' leaves it to the worker. */
  async attempt(id: string): Promise<CallResult | 'unanswered' | 'not-pending'> {
    const row = await this.db
      .updateTable('sportsbook.wallet_calls')
      .set({ attempts: sql`attempts + 1`, updated_at: this.clock.now() })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .where(notBehindPartCredit)
      .returning(['id', 'kind', 'bet_id', 'body', 'attempts', 'created_at'])
      .executeTakeFirst();
    if (!row) return 'not-pending';
    return this.sendAndRecord(toCall(row));
  }

  /** Tries a call up to `tries` times now, `pauseMs` apart; used by placement before it answers 202. */
  async attemptFor(id: string, tries: number, pauseMs: number): Promise<CallResult | 'unanswered' | 'not-pending'> {
    for (let attempt = 1; ; attempt++) {
      const result = await this.attempt(id);
      if (result !== 'unanswered' || attempt >= tries) return result;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }

  /**
   * One pass of the worker: claims due calls (moving their next attempt on by the backoff first, so a crash
   * mid-pass only delays them) and sends them, `concurrency` at a time. Returns how many were claimed.
   */
  async drainOnce(): Promise<number> {
    const now = this.clock.now();
    // The due rows are picked once (a materialized CTE) and joined by id: as `id IN (subquery)` the planner, whose
    // statistics still said few calls were pending, ran the LIMITed, locking subquery again for every pending row.
    const { rows: claimed } = await sql<Parameters<typeof toCall>[0]>`
      WITH due AS MATERIALIZED (
        SELECT id FROM sportsbook.wallet_calls
         WHERE state = 'pending' AND next_attempt_at <= ${now} AND ${notBehindPartCreditInPass}
         ORDER BY next_attempt_at LIMIT ${this.policy.batchSize}
           FOR UPDATE SKIP LOCKED
      )
      UPDATE sportsbook.wallet_calls SET attempts = attempts + 1, updated_at = ${now},
             next_attempt_at = ${now}::timestamptz + make_interval(secs => least(${this.policy.maxDelayMs}, ${this.policy.baseDelayMs} * power(2, least(attempts, 20))) / 1000.0)
        FROM due WHERE wallet_calls.id = due.id AND wallet_calls.state = 'pending'
      RETURNING wallet_calls.id, wallet_calls.kind, wallet_calls.bet_id, wallet_calls.body, wallet_calls.attempts, wallet_calls.created_at`.execute(
      this.db,
    );
    const calls = claimed.map(toCall);
    // Credits whose answer changes nothing but their own row go in batches; everything else one call at a time.
    const creditBatch = this.policy.creditBatch ?? CREDIT_BATCH;
    const credit = this.handlers.get('credit');
    // In player order, so that batches sent side by side mostly name different players and do not queue at the PAM
    // behind each other's wallet locks.
    const playerOf = (call: WalletCall) => Number(call.body.playerId);
    const batched =
      creditBatch > 1 && !credit?.inTransaction && !credit?.alongside
        ? calls.filter((call) => call.kind === 'credit').sort((a, b) => playerOf(a) - playerOf(b))
        : [];
    const inBatches = new Set(batched);
    const units: Array<{ ids: string[]; send: () => Promise<unknown> }> = calls
      .filter((call) => !inBatches.has(call))
      .map((call) => ({ ids: [call.id], send: () => this.sendAndRecord(call) }));
    for (let start = 0; start < batched.length; start += creditBatch) {
      const batch = batched.slice(start, start + creditBatch);
      units.push({ ids: batch.map((call) => call.id), send: () => this.sendCredits(batch) });
    }
    let next = 0;
    const lane = async () => {
      while (next < units.length) {
        const unit = units[next++]!;
        try {
          await unit.send();
        } catch (error) {
          this.log('wallet call failed to record', { ids: unit.ids, error });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.policy.concurrency, units.length) }, lane));
    return calls.length;
  }

  /** Credits in one batched call, their answers recorded in one statement; any left unanswered stay pending. */
  private async sendCredits(calls: WalletCall[]): Promise<void> {
    const answers = await this.client.creditMany(calls.map((call) => call.body));
    if (!Array.isArray(answers)) {
      this.log('wallet credits unanswered', { ids: calls.map((call) => call.id), reason: answers.reason });
      return;
    }
    // Recorded at the same moment, so in one statement for each state.
    await Promise.all(answers.map((answer, index) => this.recordAnswer(calls[index]!, answer)));
  }

  /** Drains until nothing is due now (tests and the settlement path use this; the worker calls drainOnce). */
  async drainDue(): Promise<void> {
    while ((await this.drainOnce()) > 0) {
      /* next batch */
    }
  }

  /** The background worker: a pass every `intervalMs` (real time), until stop(). */
  start(intervalMs = 1_000): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.running = this.drainDue()
        .catch((error: unknown) => this.log('wallet outbox pass failed', error))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, intervalMs);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /**
   * Lets a call stored on hold (an in-play bet's debit, never sent during the hold: its bet, locked by the caller,
   * is still held) go: due after `holdMs`, with its body as it will be sent (final before any attempt, so every
   * attempt sends the same body).
   */
  async release(
    trx: Transaction<BetsDatabase>,
    id: string,
    holdMs: number,
    body: Record<string, unknown>,
  ): Promise<void> {
    const now = this.clock.now();
    await trx
      .updateTable('sportsbook.wallet_calls')
      .set({ next_attempt_at: new Date(now.getTime() + holdMs), body: JSON.stringify(body), updated_at: now })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .execute();
  }

  /**
   * Marks a pending call failed (a placement withdrawn before its debit went out, a void): undefined if it was no
   * longer pending. Its answer, should one still come, is then ignored, so the caller must know whether the call may
   * already have reached the PAM: `mayHaveBeenSent` when an attempt was claimed beyond the one a held call is stored
   * with (heldCall: that first attempt is its storing caller's own send, made only by that caller). A retry or the
   * worker counts its attempt in the same statement that claims the call, before sending, so a call this finds at
   * its first attempt was never sent by anyone else, and now never will be.
   */
  async abandon(
    trx: Transaction<BetsDatabase>,
    id: string,
    code: string,
    message: string,
  ): Promise<Abandoned | undefined> {
    const row = await trx
      .updateTable('sportsbook.wallet_calls')
      .set({ state: 'failed', answer: JSON.stringify({ code, message }), updated_at: this.clock.now() })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .returning(['attempts', 'body'])
      .executeTakeFirst();
    return row && { mayHaveBeenSent: row.attempts > HELD_CALL_ATTEMPTS, body: row.body };
  }

  private async sendAndRecord(call: WalletCall): Promise<CallResult | 'unanswered' | 'not-pending'> {
    return this.recordAnswer(
      call,
      call.kind === 'debit' ? await this.debits.submit(call) : await this.client.call(call.kind, call.body),
    );
  }

  /** Debits in one call; an answer for each, in order ('unanswered' for all when the call got none). */
  private async sendDebits(calls: WalletCall[]): Promise<WalletAnswer[]> {
    // The same debit twice (a retry meeting the worker) is sent once; both get its answer.
    const sent = new Map<string, number>();
    const bodies: Array<Record<string, unknown>> = [];
    for (const call of calls) {
      if (sent.has(call.id)) continue;
      sent.set(call.id, bodies.length);
      bodies.push(call.body);
    }
    const answers = await this.client.debitMany(bodies);
    return calls.map((call) => (Array.isArray(answers) ? answers[sent.get(call.id)!]! : answers));
  }

  /** Records a call's answer (once: see record); 'unanswered' leaves it pending, or gives up an old debit. */
  private async recordAnswer(
    call: WalletCall,
    answer: WalletAnswer,
  ): Promise<CallResult | 'unanswered' | 'not-pending'> {
    let result: CallResult;
    if (answer.outcome === 'ok') result = { state: 'done', answer: answer.body };
    else if (answer.outcome === 'refused') result = { state: 'failed', code: answer.code, message: answer.message };
    else if (
      call.kind === 'debit' &&
      this.clock.now().getTime() - call.createdAt.getTime() >= this.policy.debitGiveUpMs
    ) {
      result = {
        state: 'failed',
        code: UNCONFIRMED,
        message: `No answer since ${call.createdAt.toISOString()}: ${answer.reason}`,
      };
    } else {
      this.log('wallet call unanswered', { id: call.id, reason: answer.reason });
      return 'unanswered';
    }
    return (await this.record(call, result)) ? result : 'not-pending';
  }

  /** Records an answer once: a second answer to the same call (a retry racing the worker) changes nothing. */
  private async record(call: WalletCall, result: CallResult): Promise<boolean> {
    const handler = this.handlers.get(call.kind);
    const inTransaction = handler?.inTransaction?.bind(handler);
    // Credits and rollbacks change nothing else here, and a handler's usual change rides in the same statement:
    // one statement, no transaction, shared by the answers recorded at the same moment (placement and settlement
    // send thousands).
    const returned =
      inTransaction && !handler?.alongside?.(result)
        ? await this.db.transaction().execute(async (trx) => {
            const { rows } = await recordAnswersSql(
              [{ call, result }],
              result.state,
              this.clock.now(),
              undefined,
            ).execute(trx);
            if (rows.length > 0) await inTransaction(trx, call, result);
            return rows.length > 0 ? {} : undefined;
          })
        : await this.recorders.submit(`${call.kind} ${result.state}`, { call, result });
    if (returned) await handler?.afterCommit?.(call, result, returned);
    return returned !== undefined;
  }

  /**
   * Answers of one kind and state in one statement: for each, the returning query's row (empty if none), or
   * undefined when it was not the first answer to its call.
   */
  private async recordTogether(answers: Answered[]): Promise<Array<Record<string, unknown> | undefined>> {
    const { call, result } = answers[0]!;
    // The same call twice in one batch: its first answer here is recorded; the second changes nothing.
    const firsts = new Map<string, Answered>();
    for (const answer of answers) if (!firsts.has(answer.call.id)) firsts.set(answer.call.id, answer);
    const { rows } = await recordAnswersSql(
      [...firsts.values()],
      result.state,
      this.clock.now(),
      this.handlers.get(call.kind)?.alongside?.(result),
    ).execute(this.db);
    const returned = new Map(rows.map(({ answered_id, call_id: _, ...row }) => [answered_id, row]));
    return answers.map((answer) => (firsts.get(answer.call.id) === answer ? returned.get(answer.call.id) : undefined));
  }
}
