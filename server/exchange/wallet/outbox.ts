import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Clock } from '../../platform/clock';
import { executeNamed } from '../../platform/db/named-query';
import type { ExchangeDatabase, ExchangeDb, WalletCallKind } from '../db/schema';
import type { P2pWalletClient, WalletAnswer } from './p2p-client';
import { HOLD_BATCH_MAX } from '../../../src/contract/p2p-wallet';

/** The most releases sent in one call (the door's limit, HOLD_BATCH_MAX). */
const RELEASE_BATCH_MAX = HOLD_BATCH_MAX;

export interface OutboxLog {
  error(object: unknown, message: string): void;
}

export interface NewWalletCall {
  transactionId: string;
  call: WalletCallKind;
  playerId: number;
  marketId: string;
  orderId?: string;
  body: Record<string, unknown>;
}

/** A hold still waiting for its answer, handed to whoever finishes its order. */
export interface WaitingHold {
  transactionId: string;
  orderId: string;
  marketId: string;
  playerId: number;
}

/** Sends a waiting hold again and finishes its order; true once the PAM has answered it. */
export type HoldFinisher = (hold: WaitingHold) => Promise<boolean>;

export interface OutboxTiming {
  /** The pause between rounds while everything is answered, and the first pause after a round that was not. */
  retryMs: number;
  /** The longest pause the backoff grows to while the PAM stays silent. */
  maxRetryMs: number;
}

/**
 * Every money call (holds, releases, settlements) is stored with its transaction id in the same transaction as the
 * change that needs it, and sent until the PAM answers: the same id and body each time, which the PAM takes once.
 * A placement sends its own hold and waits; when that answer is lost, this worker sends it again in the background,
 * with backoff, and the order service finishes the order (docs/exchange.md, "Money calls that get no answer").
 */
export class WalletOutbox {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<boolean> | undefined;
  private again = false;
  private started = false;
  private failures = 0;
  private holdFinisher: HoldFinisher | undefined;
  private readonly timing: OutboxTiming;

  constructor(
    private readonly db: ExchangeDb,
    private readonly wallet: P2pWalletClient,
    private readonly clock: Clock,
    private readonly log: OutboxLog,
    timing: Partial<OutboxTiming> = {},
  ) {
    this.timing = { retryMs: timing.retryMs ?? 2_000, maxRetryMs: timing.maxRetryMs ?? 30_000 };
  }

  /** The order service finishes waiting holds: their orders rest or are refused once the PAM answers. */
  finishHoldsWith(finisher: HoldFinisher): void {
    this.holdFinisher = finisher;
  }

  start(): void {
    this.started = true;
    this.kick();
  }

  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** The pause before the next round: the base while the PAM answers, doubling per silent round up to the cap. */
  get nextRetryMs(): number {
    if (this.failures === 0) return this.timing.retryMs;
    return Math.min(this.timing.maxRetryMs, this.timing.retryMs * 2 ** (this.failures - 1));
  }

  /** Sends what is waiting, now; a kick during a round makes one more round. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.round().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.kick();
      } else if (this.started) {
        this.timer = setTimeout(() => this.kick(), this.nextRetryMs);
        this.timer.unref();
      }
    });
  }

  /** One round over every unanswered call, oldest first; true when all were answered. Tests await it. */
  async drain(): Promise<boolean> {
    await this.running;
    return this.round();
  }

  private async round(): Promise<boolean> {
    let answered = false;
    try {
      answered = await this.sendWaiting();
    } catch (error) {
      this.log.error({ err: error }, 'sending the exchange money calls failed');
    }
    this.failures = answered ? 0 : this.failures + 1;
    return answered;
  }

  private async sendWaiting(): Promise<boolean> {
    const calls = await this.db
      .selectFrom('exchange.wallet_calls')
      .select(['transaction_id', 'call', 'body', 'order_id', 'market_id', 'player_id'])
      .where('answered_at', 'is', null)
      .orderBy('seq')
      .execute();
    for (let at = 0; at < calls.length;) {
      const call = calls[at]!;
      if (call.call === 'hold') {
        at++;
        if (!this.holdFinisher || call.order_id === null) continue;
        const done = await this.holdFinisher({
          transactionId: call.transaction_id,
          orderId: call.order_id,
          marketId: call.market_id,
          playerId: call.player_id,
        });
        if (!done) return false;
        continue;
      }
      // Releases waiting one after another go in one call, each answered on its own, in the order stored.
      let run = 1;
      if (call.call === 'release') while (run < RELEASE_BATCH_MAX && calls[at + run]?.call === 'release') run++;
      const sent = calls.slice(at, at + run);
      at += run;
      const answers =
        call.call === 'release' && run > 1
          ? await this.wallet.releases(sent.map((one) => one.body))
          : [await this.wallet.call(call.call, call.body)];
      const answered: Array<{ transactionId: string; answer: Exclude<WalletAnswer, { outcome: 'unanswered' }> }> = [];
      for (const [k, answer] of answers.entries()) {
        if (answer.outcome === 'unanswered') break;
        if (answer.outcome === 'refused')
          this.log.error(
            { call: sent[k]!.call, body: sent[k]!.body, answer },
            'the PAM refused an exchange money call',
          );
        answered.push({ transactionId: sent[k]!.transaction_id, answer });
      }
      const record = this.recordStatement(answered);
      if (record) await executeNamed(this.db, record);
      if (answered.length < sent.length) return false;
    }
    return true;
  }

  /** Stores a call to be sent, inside the transaction that makes it necessary. */
  enqueue(trx: Transaction<ExchangeDatabase>, call: NewWalletCall): Promise<void> {
    return this.enqueueMany(trx, [call]);
  }

  /** Stores calls to be sent, in one statement, in the order given (the order they are sent again in). */
  async enqueueMany(trx: Transaction<ExchangeDatabase>, calls: readonly NewWalletCall[]): Promise<void> {
    const enqueue = this.enqueueStatement(calls, this.clock.now());
    if (enqueue) await executeNamed(trx, enqueue);
  }

  /** The statement that stores these calls (undefined when there are none), to run with other writes. */
  enqueueStatement(calls: readonly NewWalletCall[], now: Date): RawBuilder<unknown> | undefined {
    if (calls.length === 0) return undefined;
    return sql`
      INSERT INTO exchange.wallet_calls (transaction_id, call, player_id, market_id, order_id, body, created_at)
      SELECT v.transaction_id, v.call, v.player_id, v.market_id, v.order_id, v.body::jsonb, ${now}
      FROM unnest(${calls.map((c) => c.transactionId)}::uuid[], ${calls.map((c) => c.call)}::text[],
        ${calls.map((c) => c.playerId)}::int[], ${calls.map((c) => c.marketId)}::text[],
        ${calls.map((c) => c.orderId ?? null)}::uuid[], ${calls.map((c) => JSON.stringify(c.body))}::text[]) WITH ORDINALITY
        AS v (transaction_id, call, player_id, market_id, order_id, body, ord)
      ORDER BY v.ord`;
  }

  /** The statement that records the PAM's definitive answers to many calls, to run with other writes. */
  recordStatement(
    answers: ReadonlyArray<{ transactionId: string; answer: Exclude<WalletAnswer, { outcome: 'unanswered' }> }>,
  ): RawBuilder<unknown> | undefined {
    if (answers.length === 0) return undefined;
    return sql`
      UPDATE exchange.wallet_calls c SET outcome = v.outcome, refusal = v.refusal, answered_at = ${this.clock.now()}
      FROM unnest(${answers.map((one) => one.transactionId)}::uuid[], ${answers.map((one) => one.answer.outcome)}::text[],
        ${answers.map((one) => (one.answer.outcome === 'refused' ? one.answer.code : null))}::text[])
        AS v (transaction_id, outcome, refusal)
      WHERE c.transaction_id = v.transaction_id`;
  }

  /** Records the PAM's definitive answer to a call. */
  async record(
    transactionId: string,
    answer: Exclude<WalletAnswer, { outcome: 'unanswered' }>,
    db: Pick<ExchangeDb, 'updateTable'> = this.db,
  ): Promise<void> {
    await db
      .updateTable('exchange.wallet_calls')
      .set({
        outcome: answer.outcome,
        refusal: answer.outcome === 'refused' ? answer.code : null,
        answered_at: this.clock.now(),
      })
      .where('transaction_id', '=', transactionId)
      .execute();
  }
}
