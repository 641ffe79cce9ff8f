import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  createContext,
  createUser,
  login,
  TEST_SECRETS,
  type DatabaseKind,
  type TestContext,
  type TestUser,
} from './harness';
import { launchToken } from './games';
import { installErrorHandler } from '../../../server/platform/http/error-handler';
import { migrateSportsbook } from '../../../server/sportsbook/db/migrate';
import type { BetsDb } from '../../../server/sportsbook/bets/tables';
import { WalletClient } from '../../../server/sportsbook/wallet-client';
import { Reconciler } from '../../../server/sportsbook/reconciliation/reconciler';
import { WalletOutbox, type OutboxPolicy } from '../../../server/sportsbook/wallet/outbox';
import { SessionService } from '../../../server/sportsbook/sessions/service';
import { sessionRoutes } from '../../../server/sportsbook/sessions/routes';
import { BetsService, type BetsServiceDeps, type NotifySession } from '../../../server/sportsbook/bets/service';
import { defaultInPlayDelayPolicy } from '../../../server/sportsbook/bets/inplay-delay';
import { betsRoutes } from '../../../server/sportsbook/bets/routes';
import { betBuilderRoutes } from '../../../server/sportsbook/bets/bet-builder-routes';
import { defaultSportsbookRateLimits } from '../../../server/sportsbook/services';
import { freeBetRoutes } from '../../../server/sportsbook/free-bets/routes';
import type {
  Catalogue,
  MarketOutcome,
  MarketsResolved,
  SelectionQuote,
} from '../../../server/sportsbook/catalogue/types';
import { marketCatalogue } from '../../../server/sportsbook/markets';
import type { FinalResult, MarketSpec, MatchRates, MatchState } from '../../../server/sportsbook/pricing/types';
import type { BetView, Price, SelectionStatus, SportsbookServerMessage } from '../../../src/contract/sportsbook-rules';
import type { PlaceBetRequest } from '../../../src/contract/sportsbook';

export const FAKE_MATCH_RATES: MatchRates = { home: 1.5, away: 1.1, rho: -0.1 };

/**
 * A small in-memory catalogue (our own seam, catalogue/types.ts): events with the real market specs, prices the
 * test sets, and resolutions announced like the real one (stored first, then announced).
 */
export class FakeCatalogue implements Catalogue {
  private readonly quotes = new Map<string, SelectionQuote>();
  private readonly matches = new Map<string, { rates: MatchRates; state: MatchState }>();
  private readonly listeners = new Set<(resolved: MarketsResolved) => Promise<void> | void>();
  private events = 0;

  /** A match with every market, each selection at `price` (evens unless told). Returns its id. */
  addEvent(home = 'Rovers', away = 'United', price: Price = { num: 1, den: 1 }): string {
    const eventId = `ev${++this.events}-${randomUUID().slice(0, 8)}`;
    for (const spec of marketCatalogue(home, away)) {
      const marketId = `${eventId}~${spec.key}`;
      for (const selection of spec.selections) {
        const selectionId = `${marketId}~${selection.key}`;
        this.quotes.set(selectionId, {
          selectionId,
          marketId,
          eventId,
          eventName: `${home} v ${away}`,
          kickoffAt: new Date('2026-06-01T15:00:00.000Z'),
          marketName: spec.name,
          selectionName: selection.name,
          spec,
          selectionKey: selection.key,
          price,
          status: 'open',
          marketStatus: 'open',
          eventStatus: 'scheduled',
          seq: 1,
          score: { home: 0, away: 0 },
        });
      }
    }
    return eventId;
  }

  /** `${eventId}~match-result~home` and so on. */
  selection(eventId: string, marketKey: string, selectionKey: string): SelectionQuote {
    const quote = this.quotes.get(`${eventId}~${marketKey}~${selectionKey}`);
    if (!quote) throw new Error(`no selection ${eventId} ${marketKey} ${selectionKey}`);
    return quote;
  }

  setPrice(selectionId: string, price: Price): void {
    this.update(selectionId, { price, seq: this.quotes.get(selectionId)!.seq + 1 });
  }

  /** No price any more: the selection can no longer win, or is too unlikely to offer (a 0-3 home win late on). */
  closeSelection(selectionId: string): void {
    this.update(selectionId, { price: null, status: 'closed', seq: this.quotes.get(selectionId)!.seq + 1 });
  }

  /** The match is in play with this score (a goal is a new score). */
  setInPlay(eventId: string, score: { home: number; away: number }): void {
    for (const quote of this.quotes.values())
      if (quote.eventId === eventId)
        this.update(quote.selectionId, { eventStatus: 'live', score: { ...score }, seq: quote.seq + 1 });
  }

  quote(selectionId: string): SelectionQuote | undefined {
    const quote = this.quotes.get(selectionId);
    return quote && { ...quote };
  }

  /**
   * What the model makes of the match (a Bet Builder's price, a cash-out value): its expected goals and where play
   * is. The prices stay as the test sets them.
   */
  setMatch(eventId: string, state: MatchState, rates: MatchRates = FAKE_MATCH_RATES): void {
    this.matches.set(eventId, { rates, state: structuredClone(state) });
  }

  /** A fake match is before kick-off, Rovers a little the stronger, until the test says otherwise (setMatch). */
  matchPricing(eventId: string): { rates: MatchRates; state: MatchState } | undefined {
    if (![...this.quotes.values()].some((quote) => quote.eventId === eventId)) return undefined;
    return (
      this.matches.get(eventId) ?? {
        rates: FAKE_MATCH_RATES,
        state: { phase: 'pre-match', minute: 0, score: { home: 0, away: 0 }, halfTimeScore: null },
      }
    );
  }

  onMarketsResolved(listener: (resolved: MarketsResolved) => Promise<void> | void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async suspendMarket(marketId: string): Promise<void> {
    this.setMarket(marketId, 'suspended', 'suspended');
  }

  async reopenMarket(marketId: string): Promise<void> {
    this.setMarket(marketId, 'open', 'open');
  }

  async voidMarket(marketId: string): Promise<void> {
    const spec = this.specOf(marketId);
    this.setMarket(marketId, 'void', 'closed');
    await this.announce({ eventId: this.eventOf(marketId), markets: [{ marketId, spec, outcome: { kind: 'void' } }] });
  }

  async resultEvent(eventId: string, result: FinalResult): Promise<void> {
    await this.resolveEvent(eventId, { kind: 'result', result });
  }

  async abandonEvent(eventId: string): Promise<void> {
    await this.resolveEvent(eventId, { kind: 'void' });
  }

  private async resolveEvent(eventId: string, outcome: MarketOutcome): Promise<void> {
    const markets = new Map<string, MarketSpec>();
    for (const quote of this.quotes.values())
      if (quote.eventId === eventId && quote.marketStatus !== 'void' && quote.marketStatus !== 'settled')
        markets.set(quote.marketId, quote.spec);
    for (const marketId of markets.keys())
      this.setMarket(marketId, outcome.kind === 'void' ? 'void' : 'settled', 'closed');
    await this.announce({ eventId, markets: [...markets].map(([marketId, spec]) => ({ marketId, spec, outcome })) });
  }

  private async announce(resolved: MarketsResolved): Promise<void> {
    for (const listener of this.listeners) await listener(resolved);
  }

  private setMarket(marketId: string, marketStatus: SelectionQuote['marketStatus'], status: SelectionStatus): void {
    for (const quote of this.quotes.values())
      if (quote.marketId === marketId) this.quotes.set(quote.selectionId, { ...quote, marketStatus, status });
  }

  private update(selectionId: string, change: Partial<SelectionQuote>): void {
    this.quotes.set(selectionId, { ...this.quotes.get(selectionId)!, ...change });
  }

  private specOf(marketId: string): MarketSpec {
    return [...this.quotes.values()].find((quote) => quote.marketId === marketId)!.spec;
  }

  private eventOf(marketId: string): string {
    return [...this.quotes.values()].find((quote) => quote.marketId === marketId)!.eventId;
  }
}

/**
 * The real PAM (its app listening on 127.0.0.1, port 0) and the bets side of the sportsbook (its routes on a
 * Fastify app driven by inject), sharing one cloned database, one clock and the real signed wallet API.
 */
export interface BetsWorld {
  pam: TestContext;
  db: BetsDb;
  catalogue: FakeCatalogue;
  outbox: WalletOutbox;
  sessions: SessionService;
  bets: BetsService;
  app: FastifyInstance;
  pushed: Array<{ sessionId: string; message: SportsbookServerMessage }>;
  /** In-play holds started (their length): no timer runs them; a test ends a hold with bets.holds.decide(betId). */
  holds: number[];
  /** A new bets service over the same database, as the sportsbook's restart builds it (start runs its recover()). */
  restartBets(): BetsService;
  /** Points the wallet client at a port nobody listens on (true) or back at the PAM (false). */
  cutWallet(cut: boolean): void;
  close(): Promise<void>;
}

export const FAST_OUTBOX: OutboxPolicy = {
  baseDelayMs: 1_000,
  maxDelayMs: 8_000,
  debitGiveUpMs: 60_000,
  batchSize: 200,
  concurrency: 8,
};

export interface BetsWorldOptions {
  payoutCap?: number;
  inPlayDelayMs?: number;
  walletFetch?: (real: typeof fetch) => typeof fetch;
  cashOutPolicy?: BetsServiceDeps['cashOutPolicy'];
  cashOutWait?: BetsServiceDeps['cashOutWait'];
}

export async function createBetsWorld(kind: DatabaseKind, options: BetsWorldOptions = {}): Promise<BetsWorld> {
  const pam = await createContext(kind);
  await pam.app.listen({ port: 0, host: '127.0.0.1' });
  const address = pam.app.server.address();
  const pamUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const db = pam.database.db as unknown as BetsDb;
  await migrateSportsbook(pam.database.db);
  let cut = false;
  const client = new WalletClient({
    pamUrl,
    secret: TEST_SECRETS.sportsbookSecret,
    clock: pam.clock,
    timeoutMs: 5_000,
    // A cut line fails as a refused connection would, without waiting.
    fetch: (input, init) =>
      cut
        ? Promise.reject(new TypeError('fetch failed: connection refused'))
        : (options.walletFetch?.(fetch) ?? fetch)(input, init),
  });
  const outbox = new WalletOutbox(db, client, pam.clock, FAST_OUTBOX);
  const sessions = new SessionService(db, client, pam.clock);
  const catalogue = new FakeCatalogue();
  const pushed: BetsWorld['pushed'] = [];
  const notify: NotifySession = (sessionId, message) => pushed.push({ sessionId, message });
  const holds: number[] = [];
  const services: BetsService[] = [];
  const buildBets = () => {
    const built = new BetsService({
      db,
      catalogue,
      outbox,
      sessions,
      clock: pam.clock,
      notify,
      placementPolicy: { inlineTries: 2, inlinePauseMs: 1, holdMs: 20_000 },
      payoutCap: options.payoutCap,
      inPlayDelay: { ...defaultInPlayDelayPolicy, delayMs: options.inPlayDelayMs ?? 6_000, sweepEveryMs: 60_000 },
      holdSchedule: (ms) => void holds.push(ms),
      cashOutPolicy: options.cashOutPolicy,
      cashOutWait: options.cashOutWait,
    });
    services.push(built);
    return built;
  };
  const bets = buildBets();
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  await app.register(async (scope) => sessionRoutes(scope, { sessions }));
  await app.register(async (scope) => betsRoutes(scope, { sessions, bets }));
  await app.register(async (scope) => betBuilderRoutes(scope, { catalogue, rateLimits: defaultSportsbookRateLimits }));
  await app.register(async (scope) => freeBetRoutes(scope, { sessions }));
  await app.ready();
  return {
    pam,
    db,
    catalogue,
    outbox,
    sessions,
    bets,
    app,
    pushed,
    holds,
    cutWallet: (value) => {
      cut = value;
    },
    restartBets: buildBets,
    close: async () => {
      for (const built of services) built.close();
      await outbox.stop();
      await app.close();
      await pam.app.close();
      await pam.database.close();
    },
  };
}

export interface Punter {
  user: TestUser;
  accessToken: string;
  /** The frame's sportsbook session token. */
  token: string;
}

/** A verified customer with this balance, signed in at the PAM and launched into the sportsbook. */
export async function punter(
  world: BetsWorld,
  balance = 100_000,
  overrides: { verified?: boolean } = {},
): Promise<Punter> {
  return launch(world, await createUser(world.pam, { balance, ...overrides }));
}

/** Signs this customer in at the PAM and launches a new sportsbook session. */
export async function launch(world: BetsWorld, user: TestUser): Promise<Punter> {
  const { accessToken } = await login(world.pam, user);
  const launch = await world.app.inject({
    method: 'POST',
    url: '/api/session',
    payload: { launchToken: await launchToken(world.pam, accessToken) },
  });
  expect(launch.statusCode, launch.body).toBe(200);
  return { user, accessToken, token: (launch.json() as { sessionToken: string }).sessionToken };
}

export function frame(
  world: BetsWorld,
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return world.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A slip on these selections at their current prices. */
export function slip(
  world: BetsWorld,
  selectionIds: string[],
  stake = 1_000,
  extra: Partial<PlaceBetRequest> = {},
): PlaceBetRequest {
  return {
    betId: randomUUID(),
    kind: selectionIds.length === 1 ? 'single' : 'accumulator',
    stake,
    selections: selectionIds.map((selectionId) => ({ selectionId, price: world.catalogue.quote(selectionId)!.price! })),
    acceptPriceChanges: false,
    ...extra,
  };
}

export async function pamBalance(world: BetsWorld, userId: number): Promise<number> {
  const wallet = await world.pam.database.db
    .selectFrom('wallets')
    .select('balance')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return wallet.balance;
}

export async function pamBet(world: BetsWorld, betId: string) {
  return world.pam.database.db.selectFrom('bets').selectAll().where('bet_id', '=', betId).executeTakeFirst();
}

/** Every bet of this world compared with the PAM's records (the real reconciliation, over the signed wallet API). */
export async function reconcileWorld(world: BetsWorld) {
  const address = world.pam.app.server.address();
  const pamUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return new Reconciler(
    world.db,
    new WalletClient({ pamUrl, secret: TEST_SECRETS.sportsbookSecret, clock: world.pam.clock }),
    world.pam.clock,
  ).run();
}

/** A result as the tests write it: '2-1' full time, '1-0' half time. */
export function finalScore(fullTime: string, halfTime = '0-0'): FinalResult {
  const [fh, fa] = fullTime.split('-').map(Number);
  const [hh, ha] = halfTime.split('-').map(Number);
  return { fullTime: { home: fh!, away: fa! }, halfTime: { home: hh!, away: ha! } };
}

/** The usual moves of a bets test, on the world its beforeAll made: pick a selection (at a price), place, read back. */
export function betting(world: () => BetsWorld) {
  return {
    pick(eventId: string, market: string, selection: string, price?: Price): string {
      const id = world().catalogue.selection(eventId, market, selection).selectionId;
      if (price) world().catalogue.setPrice(id, price);
      return id;
    },
    async place(p: Punter, selectionIds: string[], stake: number): Promise<string> {
      const body = slip(world(), selectionIds, stake);
      const response = await frame(world(), p.token, 'POST', '/api/bets', body);
      expect(response.statusCode, response.body).toBe(201);
      return body.betId;
    },
    betOf: async (p: Punter, betId: string) =>
      (await frame(world(), p.token, 'GET', `/api/bets/${betId}`)).json() as BetView,
  };
}

/** After a test file's bets: every credit delivered, and the reconciliation finds no difference and nothing pending. */
export async function expectReconciled(world: BetsWorld, atLeast: number): Promise<void> {
  await world.outbox.drainDue();
  const report = await reconcileWorld(world);
  expect(report.bets).toBeGreaterThanOrEqual(atLeast);
  expect(report.pending).toEqual([]);
  expect(report.differences).toEqual([]);
}
