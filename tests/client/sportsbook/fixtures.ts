import type { BetView, EventDetail, Market, Price } from '../../../src/contract/sportsbook-rules';
import type { LiveSelection } from '../../../src/sportsbook/stores/CatalogStore';
import { vi } from 'vitest';
import { SlipStore, type SlipDeps } from '../../../src/sportsbook/stores/SlipStore';
import type { SlipModule } from '../../../src/sportsbook/stores/SlipGate';
import { BetsStore } from '../../../src/sportsbook/stores/BetsStore';
import type { PlacementApi } from '../../../src/sportsbook/stores/slip/model';
import type { PlaceResult } from '../../../src/sportsbook/services/api';
import { formatFractional } from '../../../src/contract/rules/odds';
import type { SocketLike } from '../../../src/sportsbook/services/PriceSocket';
import type { PlaceBetRequest } from '../../../src/contract/sportsbook';
import { createSportsbook, type Sportsbook } from '../../../src/sportsbook/app/createSportsbook';
import { fakeFetch, memoryStorage } from '../support/fakes';

export const price = (num: number, den: number): Price => ({ num, den });

/** The slip's code given to the frame at once (the built frame loads it at first use), for tests that read it at once. */
export const slipAtOnce: SlipModule = { SlipStore };

/** The frame at this path on these fake answers, its socket idle, its slip there at once. */
export function frameOn(fetch: ReturnType<typeof fakeFetch>, path: string): Sportsbook {
  window.history.replaceState(null, '', path);
  return createSportsbook({
    window,
    fetch: fetch as unknown as typeof globalThis.fetch,
    createSocket: idleSocket,
    slipCode: slipAtOnce,
    betsCode: { BetsStore },
  });
}

/** A socket that never opens: the frame's screens under test get their data from fetch alone. */
export const idleSocket = (): SocketLike => ({
  readyState: 0,
  send: () => undefined,
  close: () => undefined,
  onopen: null,
  onclose: null,
  onmessage: null,
});

export function matchResult(
  eventId: string,
  prices: [Price, Price, Price] = [price(5, 2), price(9, 4), price(11, 10)],
  status: Market['status'] = 'open',
): Market {
  const names = ['Rovers', 'Draw', 'United'];
  return {
    id: `${eventId}~match-result`,
    eventId,
    type: 'match-result',
    name: 'Match Result',
    line: null,
    status,
    selections: ['home', 'draw', 'away'].map((key, index) => ({
      id: `${eventId}~match-result~${key}`,
      name: names[index]!,
      price: prices[index]!,
      status: 'open' as const,
    })),
  };
}

export function event(id: string, overrides: Partial<EventDetail> = {}): EventDetail {
  const main = overrides.mainMarket ?? matchResult(id);
  return {
    id,
    competitionId: 'eng-premier',
    competitionName: 'Albion Premier Division',
    home: 'Rovers',
    away: 'United',
    kickoffAt: '2026-11-23T15:00:00.000Z',
    status: 'live',
    phase: 'first-half',
    minute: 23,
    score: { home: 0, away: 0 },
    halfTimeScore: null,
    suspended: false,
    seq: 1,
    mainMarket: main,
    marketCount: 1,
    markets: [main],
    ...overrides,
  };
}

/** The slip's view of a selection of `event`'s match result: 0 home, 1 draw, 2 away. */
export function liveSelection(detail: EventDetail, index: 0 | 1 | 2): LiveSelection {
  const market = detail.mainMarket!;
  const selection = market.selections[index]!;
  return { selection, market, event: detail, status: selection.status, price: selection.price };
}

export function betView(betId: string, overrides: Partial<BetView> = {}): BetView {
  return {
    betId,
    kind: 'single',
    stake: 500,
    placedAt: '2026-11-23T12:00:00.000Z',
    status: 'open',
    legs: [],
    potentialReturns: 1750,
    returns: null,
    settledAt: null,
    reason: null,
    price: null,
    heldUntil: null,
    system: null,
    cashedOutStake: 0,
    cashedOut: 0,
    freeBet: false,
    ...overrides,
  };
}

/** A slip store on fakes: placements accepted at once, storage in memory, ids counted; `overrides` change any part. */
export function createSlip(overrides: Partial<SlipDeps> = {}, storage = memoryStorage()) {
  let ids = 0;
  const api: PlacementApi = {
    placeBet: vi.fn(async (request: PlaceBetRequest): Promise<PlaceResult> => ({
      outcome: 'accepted',
      bet: betView(request.betId, { stake: request.stake }),
    })),
    bet: vi.fn(async (betId: string) => betView(betId)),
  };
  const deps: SlipDeps = {
    api,
    storage,
    randomUUID: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    signedIn: () => true,
    balance: () => 100_000,
    online: () => true,
    requestLogin: vi.fn(),
    requestDeposit: vi.fn(),
    formatPrice: formatFractional,
    setTimeout: () => 0,
    ...overrides,
  };
  return {
    slip: new SlipStore(deps),
    deps,
    api: deps.api as { placeBet: ReturnType<typeof vi.fn>; bet: ReturnType<typeof vi.fn> },
    storage,
  };
}

/** Timers run by hand: `advance(ms)` fires what falls due, in order. */
export function manualTimers() {
  let now = 0;
  let next = 0;
  const due = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimeout: (fn: () => void, ms: number) => {
      due.set(++next, { at: now + ms, fn });
      return next;
    },
    clearTimeout: (id: unknown) => void due.delete(id as number),
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...due].sort((a, b) => a[1].at - b[1].at))
        if (timer.at <= now) {
          due.delete(id);
          timer.fn();
        }
    },
    pending: () => due.size,
  };
}
