import { randomUUID } from 'node:crypto';
import { P2P_LAUNCH_PATH } from '../../src/contract/p2p-wallet';
import type { Order, OrdersResponse, PlaceOrderRequest } from '../../src/contract/exchange';
import { LADDER, TICK_COUNT, decimalOf, tickOf } from '../../src/contract/exchange-ladder';
import { callJson, launchAtPam } from '../platform/http/launch-client';
import { marketOutcome } from './markets';
import type { LiveMarket } from './orders/live-market';
import type { ExchangeServices } from './services';

export interface DemoOrdersOptions {
  /** Where the PAM and the exchange listen (both must be up). */
  pamUrl: string;
  exchangeUrl: string;
  email: string;
  password: string;
  services: Pick<ExchangeServices, 'markets' | 'orders' | 'house' | 'outbox' | 'feed'>;
  /**
   * Ends a match as the sportsbook's operator does (npm start passes the sportsbook's result action), so the feed
   * settles the exchange's markets as it does the sportsbook's bets; without it the exchange's operator settles the
   * market by hand.
   */
  finishMatch?: (eventId: string, score: { home: number; away: number }) => Promise<void>;
}

/** A price on the ladder below every back resting on the runner (so the house's lay there matches nothing). */
function layPriceFor(market: LiveMarket, runner: number, wanted: number): number {
  const lowestBack = market.book.runnerPrices(runner).availableToLay[0]?.price;
  if (lowestBack === undefined || lowestBack > decimalOf(wanted)) return wanted;
  return LADDER[Math.max(0, tickOf(Math.round(lowestBack * 100)) - 1)]!;
}

/**
 * Gives the demo customer real exchange bets through the same paths as a customer's: signed in at the PAM and
 * launched into the exchange, it backs at the house account's lays (one bet on a match that then ends, so it
 * settles as won; one matched on a match still to play) and leaves one back unmatched above the best lay. Does
 * nothing when the demo customer already has exchange orders. Returns the order ids.
 */
export async function seedDemoOrders(
  options: DemoOrdersOptions,
): Promise<{ settled: string; matched: string; unmatched: string } | undefined> {
  const { pamUrl, exchangeUrl, services } = options;
  const launchToken = await launchAtPam(pamUrl, options, P2P_LAUNCH_PATH);
  const { sessionToken } = await callJson<{ sessionToken: string }>(`${exchangeUrl}/api/session`, {
    method: 'POST',
    json: { launchToken },
  });
  const existing = await callJson<OrdersResponse>(`${exchangeUrl}/api/orders`, { token: sessionToken });
  if (existing.orders.length > 0) return undefined;

  await services.feed.poll();
  // The two latest kick-offs: far from the live ones (and from the markets the market maker quotes first).
  const events = services.markets
    .allEvents()
    .filter((event) => event.status === 'scheduled')
    .slice(-2)
    .reverse();
  if (events.length < 2) throw new Error('the exchange has fewer than two matches to bet on');
  const matchOdds = (eventId: string) => {
    const market = services.markets.marketsOf(eventId).find((each) => each.definition.marketKey === 'match-odds');
    if (!market) throw new Error(`no Match Odds market for ${eventId}`);
    return market;
  };
  const house = await services.house.session();
  const place = async (token: string | undefined, order: Omit<PlaceOrderRequest, 'orderId'>): Promise<Order> => {
    const request = { orderId: randomUUID(), persistence: 'keep' as const, ...order };
    if (!token) return (await services.orders.place(house, { ...request, persistence: request.persistence })).order;
    return (await callJson<{ order: Order }>(`${exchangeUrl}/api/orders`, { method: 'POST', token, json: request }))
      .order;
  };
  /** The house lays `size` on the runner; the demo backs it at that price, matched in full. */
  const matchedBack = async (market: LiveMarket, runner: number, wanted: number, size: number) => {
    const price = decimalOf(layPriceFor(market, runner, wanted));
    const selectionId = market.definition.runners[runner]!.selectionId;
    await place(undefined, { marketId: market.marketId, selectionId, side: 'lay', price, size });
    return place(sessionToken, { marketId: market.marketId, selectionId, side: 'back', price, size });
  };

  const toSettle = matchOdds(events[0]!.eventId);
  const settled = await matchedBack(toSettle, 0, 200, 500);
  const toPlay = matchOdds(events[1]!.eventId);
  const matched = await matchedBack(toPlay, 1, 350, 1_000);
  // A back above every lay on the away side rests unmatched.
  const bestLay = toPlay.book.runnerPrices(2).availableToBack[0]?.price ?? 2;
  const unmatchedTick = Math.min(TICK_COUNT - 1, tickOf(Math.round(bestLay * 100)) + 5);
  const unmatched = await place(sessionToken, {
    marketId: toPlay.marketId,
    selectionId: toPlay.definition.runners[2]!.selectionId,
    side: 'back',
    price: decimalOf(LADDER[unmatchedTick]!),
    size: 500,
  });

  const score = { home: 2, away: 0 };
  if (options.finishMatch) {
    await options.finishMatch(events[0]!.eventId, score);
    await services.feed.poll();
  }
  if (toSettle.status !== 'settled') await services.orders.settle(toSettle, marketOutcome(toSettle.definition, score));
  await services.outbox.drain();
  return { settled: settled.orderId, matched: matched.orderId, unmatched: unmatched.orderId };
}
