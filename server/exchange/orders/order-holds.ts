import { randomUUID } from 'node:crypto';
import { tickOf } from '../../../src/contract/exchange-ladder';
import type { ExchangeDb } from '../db/schema';
import type { OpenOrder } from '../positions';
import type { WaitingHold, WalletOutbox } from '../wallet/outbox';
import type { P2pWalletClient, WalletAnswer } from '../wallet/p2p-client';
import type { LiveMarket } from './live-market';
import { storeHeld, type MarketStore } from './market-store';
import type { OrderRow, OrderRows } from './order-rows';
import type { MarketRegistry } from './registry';

/** Tries of a hold in one go before its order is left waiting (the placement answers 503; the outbox tries again). */
const HOLD_ATTEMPTS = 3;

/** Where a waiting order got to. */
export type Finish =
  | { kind: 'unanswered' }
  | { kind: 'refused'; status: number; code: string; message: string }
  | { kind: 'booked' }
  | { kind: 'delayed' };

export interface OrderHoldsDeps {
  db: ExchangeDb;
  wallet: P2pWalletClient;
  outbox: WalletOutbox;
  markets: MarketRegistry;
  store: MarketStore;
  rows: OrderRows;
  inPlayDelayMs: number;
  wait: (ms: number) => Promise<void>;
}

const openOf = (row: OrderRow): OpenOrder => ({
  runner: -1,
  side: row.side,
  price: row.price,
  sizeRemaining: row.size - row.size_matched - row.size_cancelled - row.size_lapsed,
});

/** Whether the order would match something at once (an order that only rests is placed without the delay). */
export function wouldTake(market: LiveMarket, order: OpenOrder): boolean {
  const { bestLay, bestBack } = market.book.touch(order.runner);
  const tick = tickOf(order.price);
  return order.side === 'back' ? bestLay >= tick : bestBack <= tick;
}

/**
 * Takes a placed order from 'pending' to the book: its hold is sent (again, with the same id, until the PAM
 * answers), then the order rests, waits for the in-play delay, or is refused. The placement, the outbox's
 * background retries and recovery after a restart all finish orders here, inside the market's queue.
 */
export class OrderHolds {
  constructor(private readonly deps: OrderHoldsDeps) {
    deps.outbox.finishHoldsWith((hold) => this.finishInBackground(hold));
  }

  /**
   * Finishes a pending order: sends its unanswered hold; once held, tops the hold up if the customer's exposure
   * grew meanwhile (holds are not additive), then books or delays the order. Call inside `market.run`.
   */
  async finish(market: LiveMarket, orderId: string): Promise<Finish> {
    for (;;) {
      const row = await this.deps.rows.row(orderId);
      if (!row || row.status !== 'pending') return { kind: 'booked' };
      if (market.delayed.has(orderId)) return { kind: 'delayed' };
      const call = await this.unansweredHold(orderId);
      if (call) {
        const answer = await this.sendHold(call.body);
        if (answer.outcome === 'unanswered') return { kind: 'unanswered' };
        await this.recordHold(market, row, call.transaction_id, call.body.amount as number, answer);
        if (answer.outcome === 'refused') {
          await this.deps.store.releaseExcess(market, row.player_id);
          return { kind: 'refused', status: answer.status, code: answer.code, message: answer.message };
        }
        continue;
      }
      if (market.status !== 'open') {
        const code = market.status === 'suspended' ? 'MarketSuspended' : 'MarketClosed';
        await this.refuse(orderId, code);
        await this.deps.store.releaseExcess(market, row.player_id);
        return { kind: 'refused', status: 422, code, message: code };
      }
      const open = { ...openOf(row), runner: market.runnerOf(row.selection_id) };
      const need = market.exposure(row.player_id, open).held - (market.held.get(row.player_id) ?? 0);
      if (need > 0) {
        if (await this.topUp(market, row, need)) continue;
        await this.refuse(orderId, 'SessionExpired');
        await this.deps.store.releaseExcess(market, row.player_id);
        return { kind: 'refused', status: 401, code: 'SessionExpired', message: 'SessionExpired' };
      }
      if (market.inPlay && this.deps.inPlayDelayMs > 0 && wouldTake(market, open)) {
        market.delayed.set(orderId, { playerId: row.player_id, order: open });
        void this.afterDelay(market, orderId);
        return { kind: 'delayed' };
      }
      await this.deps.store.rest(market, orderId);
      return { kind: 'booked' };
    }
  }

  /** The outbox's retry of a hold: true once the PAM answered it (or its order no longer waits for it). */
  private async finishInBackground(hold: WaitingHold): Promise<boolean> {
    const market = this.deps.markets.get(hold.marketId);
    if (!market) return true;
    const finish = await market.run(() => this.finish(market, hold.orderId));
    return finish.kind !== 'unanswered';
  }

  /**
   * The in-play delay: the held order meets the book as it stands once the delay has passed, or is cancelled
   * whole (its hold released) if the market was suspended or closed meanwhile.
   */
  private async afterDelay(market: LiveMarket, orderId: string): Promise<void> {
    await this.deps.wait(this.deps.inPlayDelayMs);
    await market.run(async () => {
      if (!market.delayed.delete(orderId)) return;
      const row = await this.deps.rows.row(orderId);
      if (row?.status !== 'pending') return;
      if (market.status === 'open') return this.deps.store.rest(market, orderId);
      await this.deps.store.endUnbooked(market, orderId, 'cancel');
    });
  }

  private unansweredHold(orderId: string) {
    return this.deps.db
      .selectFrom('exchange.wallet_calls')
      .select(['transaction_id', 'body'])
      .where('order_id', '=', orderId)
      .where('call', '=', 'hold')
      .where('answered_at', 'is', null)
      .orderBy('created_at')
      .executeTakeFirst();
  }

  /** A further hold for an order whose customer's exposure grew while its first hold was unanswered; false without a session. */
  private async topUp(market: LiveMarket, row: OrderRow, amount: number): Promise<boolean> {
    const sessionId = await this.sessionOf(row);
    if (!sessionId) return false;
    const transactionId = randomUUID();
    const eventName = this.deps.markets.eventName(market.definition.eventId);
    await this.deps.db.transaction().execute((trx) =>
      this.deps.outbox.enqueue(trx, {
        transactionId,
        call: 'hold',
        playerId: row.player_id,
        marketId: market.marketId,
        orderId: row.id,
        body: {
          transactionId,
          playerId: row.player_id,
          sessionId,
          marketId: market.marketId,
          amount,
          ...(eventName ? { eventName } : {}),
        },
      }),
    );
    return true;
  }

  /** The PAM session the order's first hold was sent under, else the customer's newest exchange session. */
  private async sessionOf(row: OrderRow): Promise<string | undefined> {
    const hold = await this.deps.db
      .selectFrom('exchange.wallet_calls')
      .select('body')
      .where('order_id', '=', row.id)
      .where('call', '=', 'hold')
      .orderBy('created_at')
      .executeTakeFirst();
    if (typeof hold?.body.sessionId === 'string') return hold.body.sessionId;
    const session = await this.deps.db
      .selectFrom('exchange.sessions')
      .select('pam_session_id')
      .where('player_id', '=', row.player_id)
      .where('ended_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return session?.pam_session_id;
  }

  private async sendHold(hold: Record<string, unknown>): Promise<WalletAnswer> {
    let answer: WalletAnswer = { outcome: 'unanswered', reason: 'not sent' };
    for (let attempt = 0; attempt < HOLD_ATTEMPTS && answer.outcome === 'unanswered'; attempt++)
      answer = await this.deps.wallet.call('hold', hold);
    return answer;
  }

  /** The PAM's answer to a hold: the hold raised, or the order refused and nothing resting. */
  private async recordHold(
    market: LiveMarket,
    row: OrderRow,
    transactionId: string,
    amount: number,
    answer: Exclude<WalletAnswer, { outcome: 'unanswered' }>,
  ): Promise<void> {
    const held = (market.held.get(row.player_id) ?? 0) + amount;
    await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.outbox.record(transactionId, answer, trx);
      if (answer.outcome === 'refused') {
        await trx
          .updateTable('exchange.orders')
          .set({ status: 'refused', refusal: answer.code })
          .where('id', '=', row.id)
          .execute();
        return;
      }
      await storeHeld(trx, row.player_id, market.marketId, held);
    });
    if (answer.outcome === 'ok') market.held.set(row.player_id, held);
  }

  private async refuse(orderId: string, code: string): Promise<void> {
    await this.deps.db
      .updateTable('exchange.orders')
      .set({ status: 'refused', refusal: code })
      .where('id', '=', orderId)
      .execute();
  }
}
