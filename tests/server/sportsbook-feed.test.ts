import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/harness';
import {
  createSportsbookContext,
  nextKickoff,
  tickAt,
  updatesOf,
  type SportsbookTestContext,
} from './support/sportsbook';
import { realOffsetOfMinute, matchDurationMs, HALF_TIME_MINUTES } from '../../server/sportsbook/feed/match-clock';
import { AdvisoryLockLeadership } from '../../server/sportsbook/feed/leadership';
import { FeedRunner } from '../../server/sportsbook/feed/runner';
import { MatchFeed } from '../../server/sportsbook/feed/feed';
import { marketIdOf, selectionIdOf } from '../../server/sportsbook/catalogue/ids';
import type { MarketsResolved } from '../../server/sportsbook/catalogue/types';

const SPEED = 9;
const SUSPENSION = 5_000;

for (const kind of databaseKinds()) {
  describe(`sportsbook feed [${kind}]`, () => {
    let context: SportsbookTestContext;
    beforeAll(async () => {
      context = await createSportsbookContext(kind);
    }, 60_000);
    afterAll(async () => context?.close());

    it('plays a match through kick-off, both halves, half time and full time, then resolves every market once', async () => {
      const { catalogue } = context.services;
      const event = nextKickoff(context);
      const kickoff = event.kickoffAt.getTime();
      const homeWin = selectionIdOf(marketIdOf(event.id, 'match-result'), 'home');
      const resolved: MarketsResolved[] = [];
      catalogue.onMarketsResolved((batch) => {
        if (batch.eventId === event.id) resolved.push(batch);
      });
      context.goals.add(event.id, 10, 'home');
      context.goals.add(event.id, 60, 'away');

      await tickAt(context, kickoff);
      expect(catalogue.record(event.id)).toMatchObject({
        status: 'live',
        phase: 'first-half',
        minute: 0,
        seq: event.seq + 1,
      });
      const priceAtKickoff = catalogue.quote(homeWin)!.price;

      // The goal's minute ends at offset(10); its suspension runs for SUSPENSION from then.
      const goalAt = kickoff + realOffsetOfMinute(10, SPEED);
      await tickAt(context, goalAt);
      expect(catalogue.record(event.id)).toMatchObject({ minute: 10, score: { home: 1, away: 0 }, seq: event.seq + 2 });
      expect(catalogue.eventDetail(event.id)!.suspended).toBe(true);
      expect(catalogue.quote(homeWin)).toMatchObject({ status: 'suspended', marketStatus: 'suspended' });

      await tickAt(context, goalAt + SUSPENSION - 1);
      expect(catalogue.record(event.id)!.seq).toBe(event.seq + 2);
      expect(catalogue.quote(homeWin)!.status).toBe('suspended');

      await tickAt(context, goalAt + SUSPENSION);
      expect(catalogue.record(event.id)).toMatchObject({ seq: event.seq + 3, suspendedUntil: null });
      const afterGoal = catalogue.quote(homeWin)!;
      expect(afterGoal.status).toBe('open');
      expect(afterGoal.price).not.toEqual(priceAtKickoff);

      await tickAt(context, kickoff + realOffsetOfMinute(45, SPEED) + 1);
      expect(catalogue.record(event.id)).toMatchObject({
        phase: 'half-time',
        minute: 45,
        halfTimeScore: { home: 1, away: 0 },
      });

      await tickAt(context, kickoff + ((45 + HALF_TIME_MINUTES) * 60_000) / SPEED + 1);
      expect(catalogue.record(event.id)).toMatchObject({ phase: 'second-half', minute: 45 });
      expect(catalogue.quote(selectionIdOf(marketIdOf(event.id, 'first-half-result'), 'home'))!.status).toBe('closed');

      await tickAt(context, kickoff + realOffsetOfMinute(61, SPEED));
      expect(catalogue.record(event.id)).toMatchObject({ minute: 61, score: { home: 1, away: 1 } });

      await tickAt(context, kickoff + matchDurationMs(SPEED));
      const final = catalogue.record(event.id)!;
      expect(final).toMatchObject({
        status: 'settled',
        phase: 'full-time',
        minute: 90,
        score: { home: 1, away: 1 },
        halfTimeScore: { home: 1, away: 0 },
      });
      expect(resolved).toHaveLength(1);
      expect(resolved[0]!.markets).toHaveLength(catalogue.eventDetail(event.id)!.marketCount);
      expect(resolved[0]!.markets.every((market) => market.outcome.kind === 'result')).toBe(true);
      // The goals go with the result, at the minutes they were scored: the first goal's markets settle on them.
      const goals = [
        { side: 'home', minute: 10 },
        { side: 'away', minute: 60 },
      ];
      expect(final.goals).toEqual(goals);
      expect(resolved[0]!.markets[0]!.outcome).toEqual({
        kind: 'result',
        result: { halfTime: { home: 1, away: 0 }, fullTime: { home: 1, away: 1 }, goals },
      });
      const stored = await context.services.store.resolutionsOf(event.id);
      expect(stored.find((resolution) => resolution.marketKey === 'first-goal-time')!.outcome).toEqual({
        kind: 'result',
        result: { halfTime: { home: 1, away: 0 }, fullTime: { home: 1, away: 1 }, goals },
      });
      expect((await context.services.store.loadEventsById([event.id]))[0]!.goals).toEqual(goals);
      expect(catalogue.quote(homeWin)).toMatchObject({ status: 'closed', marketStatus: 'settled', price: null });

      // Dropped from the lists, still there by id (bet history shows it).
      expect(catalogue.listEvents().some((summary) => summary.id === event.id)).toBe(false);
      expect(catalogue.eventDetail(event.id)!.status).toBe('settled');

      // Every change was pushed, one seq after another.
      const seqs = updatesOf(context, event.id).map((update) => update.seq);
      expect(seqs[0]).toBe(event.seq);
      expect(seqs).toEqual(seqs.map((_, index) => event.seq + index));
      expect(seqs.at(-1)).toBe(final.seq);

      // Stored before it was pushed: a fresh catalogue reads the same state back.
      const rows = await context.database.db
        .selectFrom('sportsbook.market_resolutions' as never)
        .select(['market_id' as never])
        .where('event_id' as never, '=', event.id as never)
        .execute();
      expect(rows).toHaveLength(resolved[0]!.markets.length);

      await tickAt(context, kickoff + matchDurationMs(SPEED) + 60_000);
      expect(resolved).toHaveLength(1);
    });

    it("a goal from the feed suspends its league's outright at once, and the next pass re-prices and opens it", async () => {
      const { outrights } = context.services;
      const event = nextKickoff(context);
      const kickoff = event.kickoffAt.getTime();
      context.goals.add(event.id, 5, 'away');
      await tickAt(context, kickoff);
      const before = outrights.view(event.competitionId)!;
      expect(before.market.status).toBe('open');

      await tickAt(context, kickoff + realOffsetOfMinute(5, SPEED));
      expect(context.services.catalogue.record(event.id)!.score).toEqual({ home: 0, away: 1 });
      const suspended = outrights.view(event.competitionId)!;
      expect(suspended.market.status).toBe('suspended');
      expect(suspended.seq).toBeGreaterThan(before.seq);

      await tickAt(context, kickoff + realOffsetOfMinute(5, SPEED) + 1);
      const repriced = outrights.view(event.competitionId)!;
      expect(repriced.market.status).toBe('open');
      expect(repriced.seq).toBeGreaterThan(suspended.seq);
    });

    it('always has matches in play and matches starting within minutes, topping its schedule up as time passes', async () => {
      const { catalogue } = context.services;
      const start = context.clock.now().getTime();
      for (let minute = 0; minute <= 40; minute += 2) {
        await tickAt(context, start + minute * 60_000);
        const now = context.clock.now().getTime();
        const live = catalogue.listEvents({ status: 'live' });
        const soon = catalogue
          .listEvents({ status: 'upcoming' })
          .filter((event) => new Date(event.kickoffAt).getTime() - now <= 10 * 60_000);
        expect(live.length, `live at +${minute} min`).toBeGreaterThanOrEqual(3);
        expect(soon.length, `starting soon at +${minute} min`).toBeGreaterThanOrEqual(3);
      }
      const days = new Set(catalogue.listEvents({ status: 'upcoming' }).map((event) => event.kickoffAt.slice(0, 10)));
      expect(days.size).toBeGreaterThanOrEqual(3);
      // No club plays two matches at once.
      const open = catalogue.records().filter((record) => record.status === 'live');
      const clubs = open.flatMap((record) => [record.homeTeamId, record.awayTeamId]);
      expect(new Set(clubs).size).toBe(clubs.length);
    });

    it('keeps matches in play and about to start at a much faster clock too', async () => {
      const fast = await createSportsbookContext(kind, { feed: {} }, '2026-06-02T09:00:00.000Z', {
        clockSpeed: 60,
        goalSuspensionMs: 750,
      });
      try {
        const start = fast.clock.now().getTime();
        for (let second = 0; second <= 600; second += 20) {
          await tickAt(fast, start + second * 1000);
          const now = fast.clock.now().getTime();
          expect(
            fast.services.catalogue.listEvents({ status: 'live' }).length,
            `live at +${second} s`,
          ).toBeGreaterThanOrEqual(3);
          const soon = fast.services.catalogue
            .listEvents({ status: 'upcoming' })
            .filter((event) => new Date(event.kickoffAt).getTime() - now <= 2 * 60_000);
          expect(soon.length, `starting soon at +${second} s`).toBeGreaterThanOrEqual(3);
        }
      } finally {
        await fast.close();
      }
    });

    it('a restarted catalogue resumes every event at its stored state and seq', async () => {
      const { services } = context;
      const before = services.catalogue.records().filter((record) => record.status === 'live');
      const { LiveCatalogue } = await import('../../server/sportsbook/catalogue/catalogue');
      const again = new LiveCatalogue({
        store: services.store,
        model: services.model,
        bus: services.bus,
        clock: context.clock,
      });
      await again.load();
      for (const record of before) expect(again.record(record.id)).toEqual(record);
      expect(again.eventDetail(before[0]!.id)).toEqual(services.catalogue.eventDetail(before[0]!.id));
    });

    it('an instance that does not run the feed follows what the running one stored, and pushes it to its own sockets', async () => {
      const { services } = context;
      const { LiveCatalogue } = await import('../../server/sportsbook/catalogue/catalogue');
      const { InProcessSportsbookBus } = await import('../../server/sportsbook/live/bus');
      const followerBus = new InProcessSportsbookBus();
      const pushed: string[] = [];
      followerBus.subscribe((message) => void (message.kind === 'event' && pushed.push(message.update.eventId)));
      const follower = new LiveCatalogue({
        store: services.store,
        model: services.model,
        bus: followerBus,
        clock: context.clock,
      });
      await follower.load();
      const event = nextKickoff(context);
      await tickAt(context, event.kickoffAt.getTime() + 60_000);
      await services.catalogue.suspendMarket(marketIdOf(event.id, 'match-result'));
      await follower.syncFromStore();
      expect(follower.eventDetail(event.id)).toEqual(services.catalogue.eventDetail(event.id));
      expect(follower.listEvents()).toEqual(services.catalogue.listEvents());
      expect(pushed).toContain(event.id);
    });

    it('keeps a finished event queryable for its retention, then forgets it (the database keeps it)', async () => {
      const { services } = context;
      const { LiveCatalogue } = await import('../../server/sportsbook/catalogue/catalogue');
      const catalogue = new LiveCatalogue({
        store: services.store,
        model: services.model,
        bus: services.bus,
        clock: context.clock,
        finishedRetentionMs: 60_000,
      });
      await catalogue.load();
      const event = catalogue.records().find((record) => record.status === 'scheduled')!;
      await catalogue.abandonEvent(event.id);
      context.clock.advance(60_000);
      catalogue.evictFinished();
      expect(catalogue.eventDetail(event.id)?.status).toBe('abandoned');
      context.clock.advance(1);
      catalogue.evictFinished();
      expect(catalogue.eventDetail(event.id)).toBeUndefined();
      expect(await services.store.loadEventsById([event.id])).toHaveLength(1);
    });

    if (kind === 'postgres') {
      it('runs the feed in one instance only: a second one that cannot take the advisory lock only serves', async () => {
        const connectionString = context.database.connectionString!;
        const first = new AdvisoryLockLeadership(connectionString, 991_001n);
        const second = new AdvisoryLockLeadership(connectionString, 991_001n);
        try {
          expect(await first.acquire()).toBe(true);
          expect(await second.acquire()).toBe(false);

          // The second instance's runner does not tick its feed.
          const { services } = context;
          let ticks = 0;
          const feed = { tick: async () => void ticks++, idle: async () => {} } as unknown as MatchFeed;
          const runner = new FeedRunner(feed, services.catalogue, second);
          await runner.runOnce();
          expect(ticks).toBe(0);
          expect(runner.isLeading).toBe(false);

          await first.release();
          expect(await second.acquire()).toBe(true);
          const takeover = new FeedRunner(feed, services.catalogue, second);
          await takeover.runOnce();
          expect(ticks).toBe(1);
        } finally {
          await first.release();
          await second.release();
        }
      });
    }
  });
}
