import type { BlockedSinceResponse } from '../../../src/contract/p2p-wallet';
import type { ExchangeDb } from '../db/schema';
import type { FeedSyncLog } from '../feed/sync';
import type { P2pWalletClient } from '../wallet/p2p-client';
import type { MarketRegistry } from './registry';
import type { OrdersService } from './service';

const CURSOR = 'blocked-since';

/**
 * Follows the PAM's list of blocks (suspension, time out, self-exclusion and the rest): a blocked customer's
 * unmatched orders are cancelled on every market and their holds released; matched bets stand.
 */
export class BlockWatcher {
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;

  constructor(
    private readonly db: ExchangeDb,
    private readonly wallet: P2pWalletClient,
    private readonly markets: MarketRegistry,
    private readonly orders: OrdersService,
    private readonly log: FeedSyncLog,
    private readonly pollMs: number,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.poll(), this.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.polling;
  }

  poll(): Promise<void> {
    this.polling ??= this.once()
      .catch((error: unknown) => this.log.error({ err: error }, 'following the PAM’s blocks failed'))
      .finally(() => {
        this.polling = undefined;
      });
    return this.polling;
  }

  private async once(): Promise<void> {
    const stored = await this.db
      .selectFrom('exchange.cursors')
      .select('value')
      .where('name', '=', CURSOR)
      .executeTakeFirst();
    const answer = await this.wallet.call('blocked-since', { cursor: stored?.value ?? '0' });
    if (answer.outcome !== 'ok') return;
    const { blocks, cursor } = answer.body as BlockedSinceResponse;
    const blocked = new Set(blocks.map((block) => String(block.playerId)));
    if (blocked.size > 0)
      for (const market of this.markets.all())
        if (market.status !== 'settled')
          await this.orders.removeWhere(market, 'cancel', (order) => blocked.has(order.customerId));
    await this.db
      .insertInto('exchange.cursors')
      .values({ name: CURSOR, value: cursor })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: cursor }))
      .execute();
  }
}
