import { createHash } from 'node:crypto';
import type { Trx } from '../wallet/ledger';
import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { badRequest, unprocessable } from '../../platform/errors';
import {
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_REQUIRED_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
} from '../../../src/contract/payments';

export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

/** Keys live at least this long; purging older ones is safe. */
const IDEMPOTENCY_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Stable JSON: the same request written with keys in another order hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(operation: string, request: unknown): string {
  return createHash('sha256').update(operation).update('\0').update(canonical(request)).digest('hex');
}

/** The Idempotency-Key header, checked; undefined when absent and not required. */
export function readIdempotencyKey(header: string | string[] | undefined, required: boolean): string | undefined {
  if (header === undefined || header === '') {
    if (required) throw badRequest(IDEMPOTENCY_KEY_REQUIRED_MESSAGE, 'IdempotencyKeyRequired');
    return undefined;
  }
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header))
    throw badRequest('Invalid Idempotency-Key header', 'IdempotencyKeyInvalid');
  return header;
}

/**
 * The key is claimed and its answer stored in the SAME database transaction as the money it moves: a
 * concurrent duplicate's INSERT waits on the first one's uncommitted row and then finds it, so money moves
 * once; if the work fails, the claim rolls back with it and a retry runs afresh. Only committed answers
 * are ever replayed. Claiming first keeps the customer's wallet lock out of the wait, so it is held briefly.
 */
export class IdempotencyService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The stored answer to replay, or undefined when this transaction now holds the key and must do the work. */
  async claim(trx: Trx, userId: number, key: string, hash: string): Promise<StoredAnswer | undefined> {
    const claimed = await trx
      .insertInto('idempotency_keys')
      .values({
        user_id: userId,
        key,
        request_hash: hash,
        status_code: 0,
        response: 'null',
        created_at: this.clock.now(),
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (claimed) return undefined;
    const existing = await trx
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'status_code', 'response'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    if (existing.request_hash !== hash) throw unprocessable(IDEMPOTENCY_KEY_REUSED_MESSAGE, 'IdempotencyKeyReused');
    return { statusCode: existing.status_code, body: existing.response };
  }

  /**
   * For work done in steps over several transactions (a saved-card deposit charges between two): the key
   * stays claimed with status 0 and this note, committed, so a retry finds the work under way and resumes
   * it (claim answers statusCode 0 and the note) instead of starting it again. `store` ends it.
   */
  async markPending(trx: Trx, userId: number, key: string, note: unknown): Promise<void> {
    await trx
      .updateTable('idempotency_keys')
      .set({ response: JSON.stringify(note) })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('status_code', '=', 0)
      .execute();
  }

  async store(trx: Trx, userId: number, key: string, answer: StoredAnswer): Promise<void> {
    await trx
      .updateTable('idempotency_keys')
      .set({ status_code: answer.statusCode, response: JSON.stringify(answer.body) })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
  }

  /**
   * Runs `work` once per (customer, key): a repeat with the same request gets the first answer back.
   * Without a key the work simply runs.
   */
  async once<T>(
    trx: Trx,
    userId: number,
    key: string | undefined,
    hash: string,
    work: () => Promise<{ statusCode: number; body: T }>,
  ): Promise<{ statusCode: number; body: T; replayed: boolean }> {
    if (key === undefined) return { ...(await work()), replayed: false };
    const stored = await this.claim(trx, userId, key, hash);
    if (stored) return { statusCode: stored.statusCode, body: stored.body as T, replayed: true };
    const answer = await work();
    await this.store(trx, userId, key, answer);
    return { ...answer, replayed: false };
  }

  /** Forgets keys older than the retention period (at least 24 hours, as promised to clients). */
  async purgeExpired(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - IDEMPOTENCY_RETENTION_MS);
    const result = await this.db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
