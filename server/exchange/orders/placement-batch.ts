import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ExchangeRefusal, Order, PlaceOrder } from '../../../src/contract/exchange';
import { tickOf } from '../../../src/contract/exchange-ladder';
import { executeNamed } from '../../platform/db/named-query';
import { AppError } from '../../platform/errors';
import type { Fill, OrderState } from '../book';
import type { ExchangeDb } from '../db/schema';
import type { Clock } from '../../platform/clock';
import type { OpenOrder } from '../positions';
import type { ExchangeSession, SessionService } from '../sessions/service';
import { walletUnreachable } from '../sessions/service';
import type { NewWalletCall, WalletOutbox } from '../wallet/outbox';
import type { P2pWalletClient, WalletAnswer } from '../wallet/p2p-client';
import type { LiveMarket } from './live-market';
import type { Settled } from './placement-rounds';
import type { MarketStore, Write } from './market-store';
import { wouldTake, type OrderHolds } from './order-holds';
import type { OrderRows } from './order-rows';
import type { MarketRegistry } from './registry';
import { toOrder } from './order-rows';
import { storePlaced } from './store-placed';
import { answerToRepeat, refusal, type Placed } from './order-answers';

export interface PlacementDeps {
  db: ExchangeDb;
  clock: Clock;
  wallet: P2pWalletClient;
  outbox: WalletOutbox;
  sessions: SessionService;
  markets: MarketRegistry;
  store: MarketStore;
  rows: OrderRows;
  holds: OrderHolds;
  inPlayDelayMs: number;
}

/** An order as it waits for its market: checked against the rules, its runner and price (hundredths) found. */
export interface PlacementRequest {
  market: LiveMarket;
  session: ExchangeSession;
  request: PlaceOrder;
  runner: number;
  price: number;
  requestHash: string;
}

/** Tries of a batch's holds in one go before its orders are left waiting (they answer 503; the outbox goes on). */
const HOLD_ATTEMPTS = 3;

/** The refusals a hold can come back with that the contract names for a placement. */
const PLACEMENT_REFUSALS = new Set<string>(['InsufficientFunds', 'PlayerBlocked', 'MarketSuspended', 'MarketClosed']);

interface Entry {
  index: number;
  item: PlacementRequest;
  open: OpenOrder;
  hold?: NewWalletCall & { body: { amount: number } };
  answer?: WalletAnswer;
}

const ok = <R>(value: R): Settled<R> => ({ ok: true, value });
const failed = <R>(error: unknown): Settled<R> => ({ ok: false, error });

async function settle<R>(work: () => Promise<R>): Promise<Settled<R>> {
  try {
    return ok(await work());
  } catch (error) {
    return failed(error);
  }
}

/**
 * The orders waiting for a round, of any markets, placed together and answered as if placed one by one in the order
 * they came (docs/exchange.md, "Placing orders together"): stored with their hold calls in one statement before
 * anything is sent; their holds sent in one call (the door's `holds`); each market's book passed through in its
 * orders' order; one statement for the holds' answers, refusals, fills, sizes and releases of every market; each
 * answer built from memory. An order that needs more than that (a further hold, the in-play delay) is finished alone,
 * in its turn, as the outbox would finish it. Runs holding the queue of every market named.
 */
export async function placeTogether(
  deps: PlacementDeps,
  requests: readonly PlacementRequest[],
): Promise<Array<Settled<Placed>>> {
  const results: Array<Settled<Placed>> = [];
  // An array, not a list of parameters, so the text is the same whatever the round's size (one named statement).
  const ids = requests.map(({ request }) => request.orderId);
  const stored = new Set(
    (
      await executeNamed(deps.db, sql<{ id: string }>`SELECT id FROM exchange.orders WHERE id = ANY(${ids}::uuid[])`)
    ).rows.map((row) => row.id),
  );
  // An id already stored, or sent twice here, is answered after the rest, from what is stored by then.
  const repeats: number[] = [];
  const fresh: Entry[] = [];
  const seen = new Set<string>();
  for (const [index, item] of requests.entries()) {
    const { orderId } = item.request;
    if (stored.has(orderId) || seen.has(orderId)) {
      repeats.push(index);
      continue;
    }
    seen.add(orderId);
    if (item.market.status === 'suspended') results[index] = failed(refusal('MarketSuspended'));
    else if (item.market.status !== 'open') results[index] = failed(refusal('MarketClosed'));
    else
      fresh.push({
        index,
        item,
        open: { runner: item.runner, side: item.request.side, price: item.price, sizeRemaining: item.request.size },
      });
  }
  if (fresh.length > 0) await placeFresh(deps, fresh, results);
  for (const index of repeats) {
    const item = requests[index]!;
    const row = await deps.rows.row(item.request.orderId);
    results[index] = row
      ? await settle(() => answerToRepeat(deps.rows, row, item.requestHash))
      : (await placeTogether(deps, [item]))[0]!;
  }
  return results;
}

async function placeFresh(deps: PlacementDeps, fresh: Entry[], results: Array<Settled<Placed>>): Promise<void> {
  // Each order's hold as if the ones before it were all held: a hold refused before it is made good alone, below.
  const asked = new Map<LiveMarket, Map<number, { held: number; open: OpenOrder[] }>>();
  for (const entry of fresh) {
    const { market } = entry.item;
    const { playerId, pamSessionId } = entry.item.session;
    const players = asked.get(market) ?? new Map<number, { held: number; open: OpenOrder[] }>();
    asked.set(market, players);
    const mine = players.get(playerId) ?? { held: market.held.get(playerId) ?? 0, open: [] };
    players.set(playerId, mine);
    const after = market.exposure(playerId, ...mine.open, entry.open).held;
    mine.open.push(entry.open);
    if (after <= mine.held) continue;
    const transactionId = randomUUID();
    const eventName = deps.markets.eventName(market.definition.eventId);
    const body = {
      transactionId,
      playerId,
      sessionId: pamSessionId,
      marketId: market.marketId,
      amount: after - mine.held,
      ...(eventName ? { eventName } : {}),
    };
    entry.hold = {
      transactionId,
      call: 'hold',
      playerId,
      marketId: market.marketId,
      orderId: entry.item.request.orderId,
      body,
    };
    mine.held = after;
  }
  const placedAt = deps.clock.now();
  const inserted = await storePlaced(
    deps.db,
    fresh.map(({ item, open }) => ({
      id: item.request.orderId,
      player_id: item.session.playerId,
      market_id: item.market.marketId,
      selection_id: item.request.selectionId,
      runner: open.runner,
      side: open.side,
      price: open.price,
      size: open.sizeRemaining,
      persistence: item.request.persistence,
      request_hash: item.requestHash,
      placed_at: placedAt,
    })),
    fresh.flatMap((entry) => (entry.hold ? [{ ...entry.hold, orderId: entry.item.request.orderId }] : [])),
    placedAt,
  );
  // An id stored by something else meanwhile (the outbox never stores orders; a restart's recovery could): answered
  // from what is stored.
  for (const entry of fresh.filter(({ item }) => !inserted.has(item.request.orderId))) {
    const row = (await deps.rows.row(entry.item.request.orderId))!;
    results[entry.index] = await settle(() => answerToRepeat(deps.rows, row, entry.item.requestHash));
  }
  const placing = fresh.filter(({ item }) => inserted.has(item.request.orderId));
  const holding = placing.filter((entry) => entry.hold);
  if (holding.length > 0) {
    const bodies = holding.map((entry) => entry.hold!.body);
    let answers: WalletAnswer[] = [];
    for (let attempt = 0; attempt < HOLD_ATTEMPTS; attempt++) {
      answers = await deps.wallet.holds(bodies);
      if (!answers.every((answer) => answer.outcome === 'unanswered')) break;
    }
    // Any hold without an answer leaves every hold of the round to the outbox, which finishes each order alone.
    if (answers.some((answer) => answer.outcome === 'unanswered')) {
      for (const entry of holding) results[entry.index] = failed(walletUnreachable());
      deps.outbox.kick();
      for (const entry of placing.filter((one) => !one.hold)) results[entry.index] = await finishAlone(deps, entry);
      return;
    }
    holding.forEach((entry, k) => (entry.answer = answers[k]));
  }
  await throughTheBooks(deps, placing, placedAt, results);
}

/**
 * The holds' answers recorded, the refused orders refused, and the rest through their markets' books, each book in
 * the order its orders came; what every book did is stored in one statement at the end (or before an order that is
 * finished alone, which stores its own).
 */
async function throughTheBooks(
  deps: PlacementDeps,
  placing: readonly Entry[],
  placedAt: Date,
  results: Array<Settled<Placed>>,
): Promise<void> {
  const done = new Map<LiveMarket, MarketDone>();
  const doneIn = (market: LiveMarket): MarketDone => {
    let mine = done.get(market);
    if (!mine) {
      mine = { fills: [], states: new Map(), refusedPlayers: new Set(), heldBefore: new Map() };
      done.set(market, mine);
    }
    return mine;
  };
  const answered = placing.filter((entry) => entry.answer);
  for (const entry of answered) {
    const { market } = entry.item;
    const { playerId } = entry.item.session;
    const mine = doneIn(market);
    if (!mine.heldBefore.has(playerId)) mine.heldBefore.set(playerId, market.held.get(playerId) ?? 0);
    if (entry.answer!.outcome === 'ok')
      market.held.set(playerId, (market.held.get(playerId) ?? 0) + entry.hold!.body.amount);
    else mine.refusedPlayers.add(playerId);
  }
  let alongside = answered.length === 0 ? undefined : recordAnswers(deps, answered);
  const storeWhatWasDone = async () => {
    const parts = [...done].flatMap(([market, mine]) =>
      mine.states.size === 0 && mine.refusedPlayers.size === 0 && (!alongside || mine.heldBefore.size === 0)
        ? []
        : [
            {
              market,
              events: { fills: mine.fills, orders: [...mine.states.values()] },
              alsoCheck: [...mine.refusedPlayers],
              heldChanged: alongside ? [...mine.heldBefore.keys()] : [],
            },
          ],
    );
    if (parts.length === 0 && !alongside) return;
    try {
      await deps.store.storeMany(parts, alongside);
    } catch (error) {
      // The answers were not recorded: the outbox sends those holds again and adds them then.
      if (alongside)
        for (const [market, mine] of done)
          for (const [playerId, held] of mine.heldBefore) market.held.set(playerId, held);
      throw error;
    }
    alongside = undefined;
    for (const mine of done.values()) {
      mine.fills = [];
      mine.states.clear();
      mine.refusedPlayers.clear();
    }
  };

  const byMarket = new Map<LiveMarket, Entry[]>();
  for (const entry of placing) byMarket.set(entry.item.market, [...(byMarket.get(entry.item.market) ?? []), entry]);
  for (const [market, entries] of byMarket) {
    for (const entry of entries) {
      const { session, request } = entry.item;
      const answer = entry.answer;
      if (answer?.outcome === 'refused') {
        results[entry.index] = await settle(() => refuse(deps, session, answer));
        continue;
      }
      const need = market.exposure(session.playerId, entry.open).held - (market.held.get(session.playerId) ?? 0);
      if (need > 0 || (market.inPlay && deps.inPlayDelayMs > 0 && wouldTake(market, entry.open))) {
        await storeWhatWasDone();
        results[entry.index] = await finishAlone(deps, entry);
        continue;
      }
      const placed = market.book.place({
        orderId: request.orderId,
        customerId: String(session.playerId),
        runner: entry.open.runner,
        side: request.side,
        tick: tickOf(entry.item.price),
        size: request.size,
        persistence: request.persistence,
      });
      if (!placed.ok) {
        results[entry.index] = failed(new Error(`The book refused order ${request.orderId}: ${placed.reason}`));
        continue;
      }
      const mine = doneIn(market);
      mine.fills.push(...placed.fills);
      for (const state of placed.orders) mine.states.set(state.orderId, state);
      const own = placed.orders.find((state) => state.orderId === request.orderId)!;
      results[entry.index] = ok({ order: orderOf(entry, own, placed.fills, placedAt), status: 201 });
    }
  }
  await storeWhatWasDone();
}

/** What a round did on one market's book and to its holds, not stored yet. */
interface MarketDone {
  fills: Fill[];
  states: Map<string, OrderState>;
  refusedPlayers: Set<number>;
  /** Each answered customer's hold before the round's answers were added (put back should storing them fail). */
  heldBefore: Map<number, number>;
}

/** The holds' answers, and the orders they refused, to be written with what the batch did on the book. */
function recordAnswers(deps: PlacementDeps, answered: readonly Entry[]): Write[] {
  const refused = answered.flatMap((entry) =>
    entry.answer!.outcome === 'refused' ? [{ id: entry.item.request.orderId, code: entry.answer!.code }] : [],
  );
  return [
    deps.outbox.recordStatement(
      answered.map((entry) => ({
        transactionId: entry.hold!.transactionId,
        answer: entry.answer as Exclude<WalletAnswer, { outcome: 'unanswered' }>,
      })),
    ),
    refused.length === 0
      ? undefined
      : sql`
      UPDATE exchange.orders o SET status = 'refused', refusal = v.code
      FROM unnest(${refused.map((one) => one.id)}::uuid[], ${refused.map((one) => one.code)}::text[]) AS v (id, code)
      WHERE o.id = v.id`,
  ];
}

/** An order the batch could not finish on its own (a further hold, the in-play delay): as the outbox finishes it. */
async function finishAlone(deps: PlacementDeps, entry: Entry): Promise<Settled<Placed>> {
  return settle(async () => {
    const { orderId } = entry.item.request;
    const finish = await deps.holds.finish(entry.item.market, orderId);
    if (finish.kind === 'unanswered') {
      deps.outbox.kick();
      throw walletUnreachable();
    }
    if (finish.kind === 'refused') return refuse(deps, entry.item.session, finish);
    return { order: await deps.rows.order(orderId), status: finish.kind === 'delayed' ? 202 : 201 };
  });
}

/** The placement's answer to a refused hold; an expired PAM session ends the exchange's too. */
async function refuse(
  deps: PlacementDeps,
  session: ExchangeSession,
  refused: { status: number; code: string; message: string },
): Promise<never> {
  if (refused.code === 'SessionExpired') await deps.sessions.expire(session);
  if (PLACEMENT_REFUSALS.has(refused.code)) throw refusal(refused.code as ExchangeRefusal);
  throw new AppError(refused.status, refused.message, refused.code);
}

/** The order as stored after its own pass through the book, with the average of the fills it made. */
function orderOf(entry: Entry, state: OrderState, fills: readonly Fill[], placedAt: Date): Order {
  const { item } = entry;
  const mine = fills.filter((fill) => fill.backOrderId === state.orderId || fill.layOrderId === state.orderId);
  const stake = mine.reduce((sum, fill) => sum + fill.stake, 0);
  const averages = new Map<string, number>();
  if (stake > 0)
    averages.set(state.orderId, Math.round(mine.reduce((sum, fill) => sum + fill.price * fill.stake, 0) / stake));
  return toOrder(
    {
      id: item.request.orderId,
      player_id: item.session.playerId,
      market_id: item.market.marketId,
      selection_id: item.request.selectionId,
      side: item.request.side,
      price: item.price,
      size: item.request.size,
      size_matched: state.sizeMatched,
      size_cancelled: state.sizeCancelled,
      size_lapsed: state.sizeLapsed,
      persistence: item.request.persistence,
      status: state.status,
      refusal: null,
      request_hash: item.requestHash,
      placed_at: placedAt,
      result: null,
      profit: null,
    },
    averages,
  );
}
