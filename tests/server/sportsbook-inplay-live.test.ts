import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseKinds } from './support/harness';
import { createSportsbookAppWorld, type SportsbookAppWorld } from './support/sportsbook-app';
import { marketIdOf, selectionIdOf } from '../../server/sportsbook/catalogue/ids';
import { anotherOutrightBook } from './support/sportsbook';
import type { BetView, OutrightView } from '../../src/contract/sportsbook-rules';

/**
 * The in-play delay end to end on the real sportsbook: the live catalogue fed by the simulated feed, the hold's own
 * timer (SPORTSBOOK_INPLAY_DELAY_MS, short here), the real wallet API, and a goal recorded by the operator
 * (`sb-goal`) during the hold.
 */
for (const kind of databaseKinds()) {
  describe(`an in-play bet on the real sportsbook [${kind}]`, () => {
    let world: SportsbookAppWorld;
    beforeAll(async () => {
      world = await createSportsbookAppWorld(kind, {
        config: { inPlayDelayMs: 1_000 },
        // The first fixtures kick off: a couple of minutes of play at the test's clock speed.
        prepare: async (fed, pam) => {
          pam.clock.set(new Date(fed.catalogue.records()[0]!.kickoffAt.getTime() + 15_000));
          await fed.feed.tick();
        },
      });
    }, 60_000);
    afterAll(async () => world?.close());

    const live = (skip: number) => world.services.catalogue.records().filter((event) => event.status === 'live')[skip]!;

    async function placeHeld(token: string, eventId: string) {
      const selectionId = selectionIdOf(marketIdOf(eventId, 'match-result'), 'draw');
      const betId = randomUUID();
      const placed = await world.app.inject({
        method: 'POST',
        url: '/api/bets',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          betId,
          kind: 'single',
          stake: 1_000,
          selections: [{ selectionId, price: world.services.catalogue.quote(selectionId)!.price! }],
          priceChanges: 'any',
        },
      });
      expect(placed.statusCode, placed.body).toBe(202);
      expect(placed.json().bet.heldUntil).not.toBeNull();
      return betId;
    }

    async function outcome(token: string, betId: string): Promise<BetView> {
      let bet: BetView | undefined;
      await vi.waitFor(
        async () => {
          bet = (
            await world.app.inject({
              method: 'GET',
              url: `/api/bets/${betId}`,
              headers: { authorization: `Bearer ${token}` },
            })
          ).json() as BetView;
          expect(bet.status).not.toBe('pending');
        },
        { timeout: 5_000, interval: 50 },
      );
      return bet!;
    }

    it('held, then accepted and debited when nothing happened in the delay', async () => {
      const { user, token } = await world.session(10_000);
      const betId = await placeHeld(token, live(0).id);
      expect(await world.balanceOf(user.id)).toBe(10_000);
      expect(await outcome(token, betId)).toMatchObject({ status: 'open', heldUntil: null });
      expect(await world.balanceOf(user.id)).toBe(9_000);
    });

    it("a goal the operator records during the delay refuses the bet, even with 'accept any odds'", async () => {
      const { user, token } = await world.session(10_000);
      const event = live(0);
      const betId = await placeHeld(token, event.id);
      const goal = await world.operator('sb-goal', [event.id, 'away']);
      expect(goal.status, goal.message).toBe(200);
      expect(world.services.catalogue.record(event.id)!.score).toEqual({
        home: event.score.home,
        away: event.score.away + 1,
      });
      expect(world.services.catalogue.record(event.id)!.goals.at(-1)).toEqual({
        side: 'away',
        minute: event.minute + 1,
      });
      expect(await outcome(token, betId)).toMatchObject({
        status: 'rejected',
        reason:
          'A goal was scored while your bet was being placed, so it was not accepted. Nothing was taken from your balance.',
      });
      expect(await world.balanceOf(user.id)).toBe(10_000);
    });

    it("a goal suspends its league's outright until it is re-priced: a bet at the pre-goal price is refused as suspended", async () => {
      const { services } = world;
      const { user, token } = await world.session(10_000);
      const event = live(0);
      const outright = async () =>
        (
          await world.app.inject({ method: 'GET', url: `/api/competitions/${event.competitionId}/outright` })
        ).json() as OutrightView;
      await services.feed.tick();
      const before = await outright();
      expect(before.market.status).toBe('open');
      const selection = before.market.selections.find((candidate) => candidate.price !== null)!;
      const pushed: OutrightView[] = [];
      const unsubscribe = services.bus.subscribe((message) => {
        if (message.kind === 'outright' && message.outright.competitionId === event.competitionId)
          pushed.push(message.outright);
      });
      try {
        expect((await world.operator('sb-goal', [event.id, 'home'])).status).toBe(200);
        const during = await outright();
        expect(during.seq).toBeGreaterThan(before.seq);
        expect(during.market.status).toBe('suspended');
        expect(during.market.selections.find((candidate) => candidate.id === selection.id)).toMatchObject({
          status: 'suspended',
          price: selection.price,
        });
        // The frame is told at once.
        expect(pushed.at(-1)).toMatchObject({ seq: during.seq, market: { status: 'suspended' } });
        // An instance that does not run the feed sees it suspended too.
        const follower = anotherOutrightBook(services);
        await follower.syncFromStore();
        expect(follower.quote(selection.id)).toMatchObject({ status: 'suspended', marketStatus: 'suspended' });

        const refused = await world.app.inject({
          method: 'POST',
          url: '/api/bets',
          headers: { authorization: `Bearer ${token}` },
          payload: {
            betId: randomUUID(),
            kind: 'single',
            stake: 1_000,
            selections: [{ selectionId: selection.id, price: selection.price }],
            priceChanges: 'never',
          },
        });
        expect(refused.statusCode, refused.body).toBe(422);
        expect(refused.json().code).toBe('MarketSuspended');
        expect(await world.balanceOf(user.id)).toBe(10_000);

        // The next pass of the feed re-prices it with the goal counted, and opens it again.
        await services.feed.tick();
        const after = await outright();
        expect(after.market.status).toBe('open');
        expect(after.seq).toBeGreaterThan(during.seq);
        expect(pushed.at(-1)).toMatchObject({ seq: after.seq, market: { status: 'open' } });
      } finally {
        unsubscribe();
      }
    });

    it('sb-goal refuses a match that is not being played, and a side that is not home or away', async () => {
      const scheduled = world.services.catalogue.records().find((event) => event.status === 'scheduled')!;
      expect((await world.operator('sb-goal', [scheduled.id, 'home'])).message).toBe(
        'Goals can be recorded only while the match is being played',
      );
      expect((await world.operator('sb-goal', [live(0).id, 'left'])).status).toBe(400);
      expect((await world.operator('sb-goal', ['ev-none', 'home'])).status).toBe(404);
    });
  });
}
