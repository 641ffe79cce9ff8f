import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/harness';
import {
  createSportsbookContext,
  nextKickoff,
  tickAt,
  updatesOf,
  type SportsbookTestContext,
} from './support/sportsbook';
import { marketIdOf, selectionIdOf } from '../../server/sportsbook/catalogue/ids';
import type { MarketsResolved } from '../../server/sportsbook/catalogue/types';
import { MARKET_TYPES, type EventDetail, type EventSummary, type Market } from '../../src/contract/sportsbook';
import { AppError } from '../../server/platform/errors';
import { LiveCatalogue } from '../../server/sportsbook/catalogue/catalogue';
import { InProcessSportsbookBus } from '../../server/sportsbook/live/bus';

const SUMMARY_KEYS = [
  'away',
  'competitionId',
  'competitionName',
  'halfTimeScore',
  'home',
  'id',
  'kickoffAt',
  'mainMarket',
  'marketCount',
  'minute',
  'phase',
  'score',
  'seq',
  'status',
  'suspended',
].sort();
const MARKET_KEYS = ['eventId', 'id', 'line', 'name', 'selections', 'status', 'type'].sort();
const SELECTION_KEYS = ['id', 'name', 'price', 'status'].sort();

function expectMarketShape(market: Market, eventId: string) {
  expect(Object.keys(market).sort()).toEqual(MARKET_KEYS);
  expect(market.eventId).toBe(eventId);
  expect(market.id.startsWith(`${eventId}~`)).toBe(true);
  for (const selection of market.selections) {
    expect(Object.keys(selection).sort()).toEqual(SELECTION_KEYS);
    expect(selection.id.startsWith(`${market.id}~`)).toBe(true);
    if (selection.price)
      expect(Number.isInteger(selection.price.num) && Number.isInteger(selection.price.den)).toBe(true);
  }
}

function expectSummaryShape(event: EventSummary) {
  expect(Object.keys(event).sort()).toEqual(SUMMARY_KEYS);
  expect(new Date(event.kickoffAt).toISOString()).toBe(event.kickoffAt);
  expect(event.mainMarket?.type).toBe('match-result');
  expectMarketShape(event.mainMarket!, event.id);
}

for (const kind of databaseKinds()) {
  describe(`sportsbook catalogue [${kind}]`, () => {
    let context: SportsbookTestContext;
    beforeAll(async () => {
      context = await createSportsbookContext(kind);
    }, 60_000);
    afterAll(async () => context?.close());

    it('GET /api/competitions lists every league with its count of scheduled and live events', async () => {
      const response = await context.app.inject({ method: 'GET', url: '/api/competitions' });
      expect(response.statusCode).toBe(200);
      const { competitions } = response.json() as {
        competitions: Array<{ id: string; name: string; country: string; eventCount: number }>;
      };
      expect(competitions.length).toBeGreaterThanOrEqual(3);
      for (const competition of competitions) {
        expect(Object.keys(competition).sort()).toEqual(['country', 'eventCount', 'id', 'name']);
        expect(competition.eventCount).toBe(
          context.services.catalogue.listEvents({ competitionId: competition.id }).length,
        );
      }
    });

    it('GET /api/events lists live and upcoming events in kick-off order, filtered by status and competition', async () => {
      const all = (await context.app.inject({ method: 'GET', url: '/api/events' })).json() as {
        events: EventSummary[];
      };
      expect(all.events.length).toBeGreaterThan(5);
      all.events.forEach(expectSummaryShape);
      const kickoffs = all.events.map((event) => event.kickoffAt);
      expect(kickoffs).toEqual([...kickoffs].sort());
      expect(new Set(all.events.map((event) => event.status))).toEqual(new Set(['live', 'scheduled']));

      const live = (await context.app.inject({ method: 'GET', url: '/api/events?status=live' })).json() as {
        events: EventSummary[];
      };
      expect(live.events.length).toBeGreaterThan(0);
      expect(live.events.every((event) => event.status === 'live' && event.phase !== 'pre-match')).toBe(true);

      const upcoming = (
        await context.app.inject({ method: 'GET', url: '/api/events?status=upcoming&competitionId=sco-premier' })
      ).json() as { events: EventSummary[] };
      expect(upcoming.events.length).toBeGreaterThan(0);
      expect(
        upcoming.events.every((event) => event.status === 'scheduled' && event.competitionId === 'sco-premier'),
      ).toBe(true);

      const unknownCompetition = await context.app.inject({ method: 'GET', url: '/api/events?competitionId=nowhere' });
      expect(unknownCompetition.json()).toEqual({ events: [] });
    });

    it('GET /api/events answers 400 to a bad query', async () => {
      for (const url of [
        '/api/events?status=finished',
        '/api/events?competitionId=%3Cscript%3E',
        `/api/events?competitionId=${'x'.repeat(500)}`,
      ]) {
        const response = await context.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(400);
        expect(typeof response.json().message).toBe('string');
      }
    });

    it('GET /api/events/:id answers the event with every market; 404 for an unknown or malformed id', async () => {
      const [summary] = context.services.catalogue.listEvents({ status: 'live' });
      const response = await context.app.inject({ method: 'GET', url: `/api/events/${summary!.id}` });
      expect(response.statusCode).toBe(200);
      const detail = response.json() as EventDetail;
      const { markets, ...rest } = detail;
      expectSummaryShape(rest);
      expect(markets).toHaveLength(detail.marketCount);
      markets.forEach((market) => expectMarketShape(market, detail.id));
      expect(markets.find((market) => market.type === 'match-result')).toEqual(detail.mainMarket);
      expect(new Set(markets.map((market) => market.type)).size).toBe(
        MARKET_TYPES.filter((type) => type !== 'outright').length,
      );

      for (const id of ['ev-unknown', 'a~b', '%00', 'x'.repeat(100)]) {
        const missing = await context.app.inject({ method: 'GET', url: `/api/events/${id}` });
        expect(missing.statusCode, id).toBe(404);
        expect(missing.json()).toEqual({ message: 'Unknown event' });
      }
    });

    it('quote answers the selection as last pushed, and undefined for an unknown id', () => {
      const [summary] = context.services.catalogue.listEvents({ status: 'upcoming' });
      const selection = summary!.mainMarket!.selections[0]!;
      const quote = context.services.catalogue.quote(selection.id)!;
      expect(quote).toMatchObject({
        selectionId: selection.id,
        eventId: summary!.id,
        marketId: summary!.mainMarket!.id,
        eventName: `${summary!.home} v ${summary!.away}`,
        price: selection.price,
        status: selection.status,
        seq: summary!.seq,
        eventStatus: 'scheduled',
      });
      expect(quote.spec.key).toBe('match-result');
      for (const id of [
        'nope',
        `${summary!.id}~match-result~nobody`,
        `${summary!.id}~nomarket~home`,
        `${summary!.id}~match-result`,
      ])
        expect(context.services.catalogue.quote(id)).toBeUndefined();
    });

    describe('operator actions', () => {
      const resolved: MarketsResolved[] = [];
      beforeAll(() => {
        context.services.catalogue.onMarketsResolved((batch) => void resolved.push(batch));
      });

      it('suspending a market makes its quote suspended and pushes an update; reopening opens it again', async () => {
        const { catalogue } = context.services;
        const event = catalogue.listEvents({ status: 'upcoming' })[1]!;
        const marketId = marketIdOf(event.id, 'total-goals:2.5');
        const over = selectionIdOf(marketId, 'over');
        const pushed = updatesOf(context, event.id).length;

        await catalogue.suspendMarket(marketId);
        expect(catalogue.quote(over)).toMatchObject({
          status: 'suspended',
          marketStatus: 'suspended',
          seq: event.seq + 1,
        });
        const update = updatesOf(context, event.id).at(-1)!;
        expect(update.seq).toBe(event.seq + 1);
        expect(update.markets.map((market) => market.id)).toEqual([marketId]);
        expect(update.markets[0]!.status).toBe('suspended');
        const [stored] = await context.database.db
          .selectFrom('sportsbook.market_states' as never)
          .selectAll()
          .where('market_id' as never, '=', marketId as never)
          .execute();
        expect(stored).toMatchObject({ operator_suspended: true });

        await catalogue.suspendMarket(marketId);
        expect(updatesOf(context, event.id).length).toBe(pushed + 1);

        await catalogue.reopenMarket(marketId);
        expect(catalogue.quote(over)).toMatchObject({ status: 'open', marketStatus: 'open', seq: event.seq + 2 });
      });

      it('voiding a market stores and announces its resolution once', async () => {
        const { catalogue } = context.services;
        const event = catalogue.listEvents({ status: 'upcoming' })[2]!;
        const marketId = marketIdOf(event.id, 'both-teams-to-score');
        await catalogue.voidMarket(marketId);
        await catalogue.voidMarket(marketId);
        const batches = resolved.filter((batch) => batch.eventId === event.id);
        expect(batches).toEqual([
          {
            eventId: event.id,
            markets: [
              { marketId, spec: expect.objectContaining({ key: 'both-teams-to-score' }), outcome: { kind: 'void' } },
            ],
          },
        ]);
        expect(catalogue.quote(selectionIdOf(marketId, 'yes'))).toMatchObject({
          status: 'closed',
          marketStatus: 'void',
          price: null,
        });
        await expect(catalogue.suspendMarket(marketId)).rejects.toMatchObject({ statusCode: 409 });
      });

      it('resulting a match resolves every market once, even when called twice; another result is refused', async () => {
        const { catalogue } = context.services;
        const event = catalogue.listEvents({ status: 'live' })[0]!;
        const voided = marketIdOf(event.id, 'correct-score');
        await catalogue.voidMarket(voided);
        const result = { halfTime: { home: 0, away: 1 }, fullTime: { home: 2, away: 1 } };
        await Promise.all([catalogue.resultEvent(event.id, result), catalogue.resultEvent(event.id, result)]);
        await catalogue.resultEvent(event.id, result);
        const batches = resolved.filter((batch) => batch.eventId === event.id);
        expect(batches).toHaveLength(2);
        expect(batches[1]!.markets).toHaveLength(event.marketCount - 1);
        expect(
          batches[1]!.markets.every((market) => market.marketId !== voided && market.outcome.kind === 'result'),
        ).toBe(true);
        expect(catalogue.record(event.id)).toMatchObject({
          status: 'settled',
          score: result.fullTime,
          halfTimeScore: result.halfTime,
        });

        await expect(
          catalogue.resultEvent(event.id, { halfTime: { home: 0, away: 0 }, fullTime: { home: 0, away: 0 } }),
        ).rejects.toBeInstanceOf(AppError);

        // Stored: a catalogue loaded afresh shows the same ending.
        const reloaded = new LiveCatalogue({
          store: context.services.store,
          model: context.services.model,
          bus: new InProcessSportsbookBus(),
          clock: context.clock,
        });
        await reloaded.load();
        const statuses = reloaded.eventDetail(event.id)!.markets.map((market) => [market.id, market.status]);
        expect(statuses).toEqual(
          catalogue
            .eventDetail(event.id)!
            .markets.map((market) => [market.id, market.id === voided ? 'void' : 'settled']),
        );
        expect((await context.services.store.resolutionsOf(event.id)).length).toBe(event.marketCount);
        // The feed's next pass leaves it alone.
        await tickAt(context, context.clock.now().getTime() + 60_000);
        expect(resolved.filter((batch) => batch.eventId === event.id)).toHaveLength(2);
        const seqs = updatesOf(context, event.id).map((update) => update.seq);
        expect(seqs).toEqual(seqs.map((_, index) => seqs[0]! + index));
      });

      it('abandoning a match voids every market not yet resolved', async () => {
        const { catalogue } = context.services;
        const event = nextKickoff(context);
        await catalogue.abandonEvent(event.id);
        await catalogue.abandonEvent(event.id);
        const batches = resolved.filter((batch) => batch.eventId === event.id);
        expect(batches).toHaveLength(1);
        expect(batches[0]!.markets.every((market) => market.outcome.kind === 'void')).toBe(true);
        expect(catalogue.eventDetail(event.id)!.status).toBe('abandoned');
        expect(catalogue.listEvents().some((summary) => summary.id === event.id)).toBe(false);
        await expect(
          catalogue.resultEvent(event.id, { halfTime: { home: 0, away: 0 }, fullTime: { home: 0, away: 0 } }),
        ).rejects.toMatchObject({ statusCode: 409 });
      });

      it('an unknown market or event is a 404', async () => {
        const { catalogue } = context.services;
        await expect(catalogue.suspendMarket('nope')).rejects.toMatchObject({ statusCode: 404 });
        await expect(catalogue.voidMarket('ev-x~match-result')).rejects.toMatchObject({ statusCode: 404 });
        await expect(catalogue.abandonEvent('ev-x')).rejects.toMatchObject({ statusCode: 404 });
      });
    });
  });
}
