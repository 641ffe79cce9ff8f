import type { Clock } from '../../platform/clock';
import type { ExchangeDb } from '../db/schema';
import type { P2pWalletClient, WalletAnswer } from './p2p-client';

export interface OutboxLog {
  error(object: unknown, message: string): void;
}

/**
 * The money calls that must happen (releases and settlements), stored with their transaction id in the same
 * transaction as the change that needs them, and sent until the PAM answers. Holds are sent by the placement
 * that waits for them (OrdersService), and found again by its recovery.
 */
export class WalletOutbox {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly db: ExchangeDb,
    private readonly wallet: P2pWalletClient,
    private readonly clock: Clock,
    private readonly log: OutboxLog,
    private readonly retryMs = 2_000,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), this.retryMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Sends what is waiting, now; a kick during a round makes one more round. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** One round over every unanswered release and settlement, oldest first; tests await it. */
  async drain(): Promise<void> {
    await this.running;
    const calls = await this.db
      .selectFrom('exchange.wallet_calls')
      .select(['transaction_id', 'call', 'body'])
      .where('answered_at', 'is', null)
      .where('call', 'in', ['release', 'settle'])
      .orderBy('created_at')
      .orderBy('transaction_id')
      .execute();
    for (const call of calls) {
      const answer = await this.wallet.call(call.call, call.body);
      if (answer.outcome === 'unanswered') return;
      if (answer.outcome === 'refused')
        this.log.error({ call: call.call, body: call.body, answer }, 'the PAM refused an exchange money call');
      await this.record(call.transaction_id, answer);
    }
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
