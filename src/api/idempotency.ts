import type { PendingSubmission } from '../db/database';
import type { KeyedTable } from '../db/lazy';
import { HttpError } from './http';

type SubmissionTable = Pick<KeyedTable<PendingSubmission, string>, 'put' | 'delete'>;

/**
 * One money-moving submission: its key is made when the customer submits and reused by every retry, so the
 * server moves the money once however often the request is sent.
 */
export interface Submission<Body> {
  readonly record: PendingSubmission;
  readonly body: Body;
}

/** An answer that settles the submission: success, or the server's refusal. A lost answer (no status, 5xx) does not. */
function isFinalAnswer(error: unknown): boolean {
  return error instanceof HttpError && error.status !== undefined && error.status < 500;
}

export class SubmissionKeys {
  constructor(
    private readonly table: SubmissionTable,
    private readonly now: () => number = Date.now,
    private readonly newKey: () => string = () => crypto.randomUUID(),
  ) {}

  create<Body>(userId: number, kind: PendingSubmission['kind'], body: Body): Submission<Body> {
    return { body, record: { key: this.newKey(), userId, kind, body: JSON.stringify(body), createdAt: this.now() } };
  }

  /**
   * Sends (or re-sends) a submission: the key is written to IndexedDB before the request leaves, and removed
   * once a final answer arrives. A lost answer keeps it, for the retry to reuse.
   */
  async send<Body, Result>(
    submission: Submission<Body>,
    request: (key: string, body: Body) => Promise<Result>,
  ): Promise<Result> {
    await this.table.put(submission.record);
    try {
      const result = await request(submission.record.key, submission.body);
      await this.table.delete(submission.record.key);
      return result;
    } catch (error) {
      if (isFinalAnswer(error)) await this.table.delete(submission.record.key);
      throw error;
    }
  }

  /**
   * What 'Try again' sends: the same submission (same key) when its answer was lost, since the server may
   * have moved the money; a fresh one when the server refused it, since a refusal moved nothing and would
   * only be replayed.
   */
  retry<Body>(submission: Submission<Body>, lastError: unknown): Submission<Body> {
    if (!isFinalAnswer(lastError)) return submission;
    return this.create(submission.record.userId, submission.record.kind, submission.body);
  }
}
