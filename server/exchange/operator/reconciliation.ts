import { positionsResponse, type PositionsResponse } from '../../../src/contract/p2p-wallet';
import { winnings } from '../../../src/contract/exchange-ladder';
import type { ExchangeDb } from '../db/schema';
import type { MarketOutcome } from '../markets';
import { matchedIfWins, settleMarket, type CustomerFill } from '../positions';
import type { MarketRegistry } from '../orders/registry';
import type { P2pWalletClient } from '../wallet/p2p-client';

const DIFFERENCE_KINDS = [
  /** An order's matched size is not the sum of its fills, or its parts add up to more than its size. */
  'order-sizes',
  /** A fill whose back and lay do not pair: other runners or sides, a price outside either order's, other winnings. */
  'fill-mismatch',
  /** The exchange holds for a customer other than their worst-case loss on the market. */
  'hold-not-exposure',
  /** The exchange's hold for a customer differs from the PAM's. */
  'hold-mismatch',
  /** An exchange call the PAM answered that the PAM has no record of. */
  'missing-at-pam',
  /** A call or posting at the PAM with no exchange call of that id, or one the exchange holds as refused. */
  'missing-at-exchange',
  /** The same id with another call, customer or amount, or a posting of another amount than its call. */
  'amount-mismatch',
  /** A settled customer paid other than their hold plus net winnings less commission. */
  'settlement-mismatch',
  /** A settled market whose payments are not its holds less the commission, to the penny. */
  'market-not-zero-sum',
] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];

interface ExchangeDifference {
  kind: DifferenceKind;
  marketId: string;
  playerId: number | null;
  /** The call, order or fill it is about. */
  id: string | null;
  message: string;
}

export interface ExchangeReconciliationReport {
  checkedAt: string;
  markets: number;
  /** Calls the PAM has not answered yet: their customers' holds are not compared this time. */
  pending: Array<{ transactionId: string; call: string; marketId: string; playerId: number }>;
  differences: ExchangeDifference[];
}

/** The PAM did not answer the reconciliation (down, a bad signature, a malformed answer). */
class PamUnreachable extends Error {}

type Call = {
  transaction_id: string;
  call: string;
  player_id: number;
  body: Record<string, unknown>;
  outcome: string | null;
};

/**
 * The exchange's orders, fills, holds and money calls against the PAM's P2P postings for each market, read through
 * the door's `positions` call, never its tables (docs/exchange.md, "Reconciliation"). Read only.
 */
export class ExchangeReconciler {
  constructor(
    private readonly db: ExchangeDb,
    private readonly markets: MarketRegistry,
    private readonly wallet: P2pWalletClient,
    private readonly commissionBp: number,
    private readonly now: () => Date,
  ) {}

  async run(options: { marketId?: string } = {}): Promise<ExchangeReconciliationReport> {
    const marketIds = options.marketId
      ? [options.marketId.toLowerCase()]
      : (
          await this.db
            .selectFrom('exchange.wallet_calls')
            .select('market_id')
            .distinct()
            .orderBy('market_id')
            .execute()
        ).map((row) => row.market_id);
    const report: ExchangeReconciliationReport = {
      checkedAt: this.now().toISOString(),
      markets: marketIds.length,
      pending: [],
      differences: [],
    };
    for (const marketId of marketIds) await this.market(marketId, report);
    return report;
  }

  private async market(marketId: string, report: ExchangeReconciliationReport): Promise<void> {
    const differ = (kind: DifferenceKind, playerId: number | null, id: string | null, message: string) =>
      report.differences.push({ kind, marketId, playerId, id, message });
    // The exchange first: a call it holds as answered is already in the PAM's books when the PAM is read.
    const calls = (await this.db
      .selectFrom('exchange.wallet_calls')
      .select(['transaction_id', 'call', 'player_id', 'body', 'outcome'])
      .where('market_id', '=', marketId)
      .orderBy('seq')
      .execute()) as Call[];
    const holds = await this.db
      .selectFrom('exchange.holds')
      .select(['player_id', 'held', 'settled'])
      .where('market_id', '=', marketId)
      .execute();
    const stored = await this.db
      .selectFrom('exchange.markets')
      .select(['status', 'winner'])
      .where('id', '=', marketId)
      .executeTakeFirst();
    const fills = await this.db
      .selectFrom('exchange.fills')
      .selectAll()
      .where('market_id', '=', marketId)
      .orderBy('id')
      .execute();
    const orders = await this.db
      .selectFrom('exchange.orders')
      .select(['id', 'side', 'runner', 'price', 'size', 'size_matched', 'size_cancelled', 'size_lapsed'])
      .where('market_id', '=', marketId)
      .orderBy('seq')
      .execute();
    const pam = await this.pamSide(marketId);

    const waiting = new Set<number>();
    for (const call of calls)
      if (call.outcome === null) {
        waiting.add(call.player_id);
        report.pending.push({
          transactionId: call.transaction_id,
          call: call.call,
          marketId,
          playerId: call.player_id,
        });
      }

    // Orders and fills: every match pairs a back and a lay on one runner at one price, each order's sizes add up.
    const byId = new Map(orders.map((order) => [order.id, order]));
    const matched = new Map<string, number>();
    for (const fill of fills) {
      const back = byId.get(fill.back_order_id);
      const lay = byId.get(fill.lay_order_id);
      const fillId = `fill ${fill.id}`;
      if (!back || !lay || back.side !== 'back' || lay.side !== 'lay')
        differ('fill-mismatch', null, fillId, 'the fill does not join a stored back order to a stored lay order');
      else if (back.runner !== fill.runner || lay.runner !== fill.runner)
        differ('fill-mismatch', null, fillId, 'the fill is on another runner than its orders');
      else if (fill.price < back.price || fill.price > lay.price)
        differ('fill-mismatch', null, fillId, `price ${fill.price} is outside back ${back.price} and lay ${lay.price}`);
      if (fill.stake <= 0 || fill.winnings !== winnings(fill.stake, fill.price))
        differ('fill-mismatch', null, fillId, `stake ${fill.stake} at ${fill.price} does not win ${fill.winnings}`);
      for (const orderId of [fill.back_order_id, fill.lay_order_id])
        matched.set(orderId, (matched.get(orderId) ?? 0) + fill.stake);
    }
    for (const order of orders) {
      const sum = matched.get(order.id) ?? 0;
      if (sum !== order.size_matched || order.size_matched + order.size_cancelled + order.size_lapsed > order.size)
        differ(
          'order-sizes',
          null,
          order.id,
          `matched ${order.size_matched} (fills ${sum}), cancelled ${order.size_cancelled}, lapsed ${order.size_lapsed} of ${order.size}`,
        );
    }

    // Calls against postings, both ways, by id.
    const atPam = new Map(pam.postings.map((posting) => [posting.transactionId, posting]));
    const ours = new Set(calls.map((call) => call.transaction_id));
    for (const call of calls) {
      const posting = atPam.get(call.transaction_id);
      const amount = Number(call.body.amount);
      if (call.outcome === 'refused') {
        if (posting)
          differ(
            'missing-at-exchange',
            call.player_id,
            call.transaction_id,
            'the PAM took a call the exchange holds as refused',
          );
        continue;
      }
      if (!posting) {
        if (call.outcome === 'ok')
          differ('missing-at-pam', call.player_id, call.transaction_id, `the PAM has no ${call.call} of ${amount}`);
        continue;
      }
      const sign = call.call === 'hold' ? -1 : 1;
      const posted = amount === 0 ? null : sign * amount;
      if (
        posting.call !== call.call ||
        posting.playerId !== call.player_id ||
        posting.amount !== amount ||
        posting.posted !== posted
      )
        differ(
          'amount-mismatch',
          call.player_id,
          call.transaction_id,
          `exchange ${call.call} of ${amount} for ${call.player_id}; PAM ${posting.call ?? 'posting'} of ${posting.amount} for ${posting.playerId}, posted ${posting.posted}`,
        );
    }
    for (const posting of pam.postings)
      if (!ours.has(posting.transactionId))
        differ(
          'missing-at-exchange',
          posting.playerId,
          posting.transactionId,
          `the PAM has a ${posting.call ?? 'posting'} of ${posting.amount} the exchange never sent`,
        );

    // Holds: each equals the worst case on an open market, and the PAM holds the same.
    const pamPositions = new Map(pam.positions.map((position) => [position.playerId, position]));
    const live = this.markets.get(marketId);
    const settled = stored?.status === 'settled';
    for (const hold of holds) {
      if (waiting.has(hold.player_id)) continue;
      const position = pamPositions.get(hold.player_id);
      if (!settled) {
        if (live && !hold.settled) {
          const worst = live.exposure(hold.player_id).held;
          if (worst !== hold.held)
            differ('hold-not-exposure', hold.player_id, null, `held ${hold.held}, worst-case loss ${worst}`);
        }
        const pamHeld = position?.status === 'open' ? position.held : 0;
        if (pamHeld !== hold.held)
          differ('hold-mismatch', hold.player_id, null, `exchange holds ${hold.held}, the PAM ${pamHeld}`);
      }
    }
    for (const position of pam.positions)
      if (position.status === 'open' && position.held > 0 && !waiting.has(position.playerId))
        if (!holds.some((hold) => hold.player_id === position.playerId))
          differ('hold-mismatch', position.playerId, null, `the PAM holds ${position.held}, the exchange nothing`);

    if (settled && live) this.settlement(live, stored.winner, holds, fills, calls, pam, waiting, differ);
  }

  /** A settled market: each customer paid hold + net − commission, and the market's payments its holds less commission. */
  private settlement(
    live: NonNullable<ReturnType<MarketRegistry['get']>>,
    winner: string | null,
    holds: Array<{ player_id: number; held: number; settled: boolean }>,
    fills: Array<{ runner: number; stake: number; winnings: number; back_player_id: number; lay_player_id: number }>,
    calls: Call[],
    pam: PositionsResponse,
    waiting: Set<number>,
    differ: (kind: DifferenceKind, playerId: number | null, id: string | null, message: string) => void,
  ): void {
    const runner = winner === 'void' || winner === null ? -1 : live.runnerOf(winner);
    const outcome: MarketOutcome = runner < 0 ? { kind: 'void' } : { kind: 'winner', runner, selectionId: winner! };
    const pamPositions = new Map(pam.positions.map((position) => [position.playerId, position]));
    let commission = 0;
    for (const hold of holds) {
      const mine: CustomerFill[] = [];
      for (const fill of fills) {
        const { runner: on, stake, winnings: won } = fill;
        if (fill.back_player_id === hold.player_id) mine.push({ runner: on, side: 'back', stake, winnings: won });
        if (fill.lay_player_id === hold.player_id) mine.push({ runner: on, side: 'lay', stake, winnings: won });
      }
      const expected = settleMarket(hold.held, matchedIfWins(live.book.runnerCount, mine), outcome, this.commissionBp);
      commission += expected.commission;
      const settle = calls.find((call) => call.call === 'settle' && call.player_id === hold.player_id);
      if (!settle || Number(settle.body.amount) !== expected.payout)
        differ(
          'settlement-mismatch',
          hold.player_id,
          settle?.transaction_id ?? null,
          `exchange pays ${settle ? Number(settle.body.amount) : 'nothing'}, held ${hold.held} + net ${expected.net} - commission ${expected.commission} = ${expected.payout}`,
        );
      if (waiting.has(hold.player_id)) continue;
      const position = pamPositions.get(hold.player_id);
      if (position?.status !== 'settled' || position.paid !== expected.payout)
        differ(
          'settlement-mismatch',
          hold.player_id,
          settle?.transaction_id ?? null,
          `the PAM paid ${position?.paid ?? 0} (${position?.status ?? 'no position'}), due ${expected.payout}`,
        );
    }
    if (waiting.size === 0 && pam.totalHeld - pam.totalPaid !== commission)
      differ(
        'market-not-zero-sum',
        null,
        null,
        `the PAM held ${pam.totalHeld} and paid out ${pam.totalPaid}; the commission is ${commission}`,
      );
  }

  private async pamSide(marketId: string): Promise<PositionsResponse> {
    const answer = await this.wallet.call('positions', { marketId });
    if (answer.outcome !== 'ok') throw new PamUnreachable(`The PAM did not answer for market ${marketId}`);
    const parsed = positionsResponse.safeParse(answer.body);
    if (!parsed.success) throw new PamUnreachable(`The PAM's answer for market ${marketId} was malformed`);
    return parsed.data;
  }
}
