import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/harness';
import { createSportsbookAppWorld, type SportsbookAppWorld } from './support/sportsbook-app';
import { marketIdOf, selectionIdOf } from '../../server/sportsbook/catalogue/ids';
import type { BetView, Price } from '../../src/contract/sportsbook-rules';

const returnsAt = (stake: number, price: Price) => Math.floor((stake * (price.num + price.den)) / price.den);

/**
 * Betting Rules, "Abandoned events": bets are void "except bets on markets that were already decided when play
 * stopped, which stand". A match abandoned at 2-1 in the 70th minute (1-0 at half time): Over 2.5, both teams to
 * score and the first-half result were decided and settle; the match result, Over 3.0 (it could still win or be
 * void) and the correct score were not, and are void. Through the real catalogue, settlement and the PAM.
 */
for (const kind of databaseKinds()) {
  describe(`an abandoned match [${kind}]`, () => {
    let world: SportsbookAppWorld;
    beforeAll(async () => {
      world = await createSportsbookAppWorld(kind);
    }, 60_000);
    afterAll(async () => world?.close());

    it('settles the markets already decided when play stopped, on the score so far, and voids the rest', async () => {
      const { catalogue } = world.services;
      const event = catalogue.records().find((record) => record.status === 'scheduled')!;
      const { user, token } = await world.session(10_000);
      const pick = (marketKey: string, selectionKey: string) => {
        const selectionId = selectionIdOf(marketIdOf(event.id, marketKey), selectionKey);
        return { selectionId, price: catalogue.quote(selectionId)!.price! };
      };
      const legs = {
        over: pick('total-goals:2.5', 'over'),
        under: pick('total-goals:2.5', 'under'),
        both: pick('both-teams-to-score', 'yes'),
        firstHalfHome: pick('first-half-result', 'home'),
        home: pick('match-result', 'home'),
        overThree: pick('total-goals:3', 'over'),
        twoOne: pick('correct-score', '2-1'),
      };
      const placed: Record<string, string> = {};
      for (const [name, leg] of Object.entries(legs)) {
        const betId = randomUUID();
        const answer = await world.app.inject({
          method: 'POST',
          url: '/api/bets',
          headers: { authorization: `Bearer ${token}` },
          payload: { betId, kind: 'single', stake: 1_000, selections: [leg] },
        });
        expect(answer.statusCode, `${name}: ${answer.body}`).toBe(201);
        placed[name] = betId;
      }
      expect(await world.balanceOf(user.id)).toBe(3_000);

      // Kicked off, 1-0 at half time, 2-1 in the 70th minute, then abandoned.
      await catalogue.advance(event.id, ({ seq: _seq, ...current }) => ({
        ...current,
        status: 'live',
        phase: 'second-half',
        minute: 70,
        score: { home: 2, away: 1 },
        halfTimeScore: { home: 1, away: 0 },
        goals: [
          { side: 'home', minute: 20 },
          { side: 'home', minute: 50 },
          { side: 'away', minute: 64 },
        ],
        suspendedUntil: null,
      }));
      const abandoned = await world.operator('sb-abandon', [event.id]);
      expect(abandoned.status, abandoned.message).toBe(200);
      await world.services.outbox.drainDue();

      const betOf = async (name: string) =>
        (
          await world.app.inject({
            method: 'GET',
            url: `/api/bets/${placed[name]}`,
            headers: { authorization: `Bearer ${token}` },
          })
        ).json() as BetView;
      expect(await betOf('over')).toMatchObject({ status: 'won', returns: returnsAt(1_000, legs.over.price) });
      expect(await betOf('under')).toMatchObject({ status: 'lost', returns: 0 });
      expect(await betOf('both')).toMatchObject({ status: 'won', returns: returnsAt(1_000, legs.both.price) });
      expect(await betOf('firstHalfHome')).toMatchObject({
        status: 'won',
        returns: returnsAt(1_000, legs.firstHalfHome.price),
      });
      for (const name of ['home', 'overThree', 'twoOne'])
        expect(await betOf(name), name).toMatchObject({ status: 'void', returns: 1_000 });
      const paid =
        returnsAt(1_000, legs.over.price) +
        returnsAt(1_000, legs.both.price) +
        returnsAt(1_000, legs.firstHalfHome.price) +
        3 * 1_000;
      expect(await world.balanceOf(user.id)).toBe(3_000 + paid);
      const report = await world.services.reconciliation.run();
      expect(report.differences).toEqual([]);
    });

    it('voids every market of a match abandoned before kick-off', async () => {
      const { catalogue } = world.services;
      const event = catalogue.records().find((record) => record.status === 'scheduled')!;
      const { user, token } = await world.session(1_000);
      const selectionId = selectionIdOf(marketIdOf(event.id, 'total-goals:0.5'), 'under');
      const betId = randomUUID();
      const answer = await world.app.inject({
        method: 'POST',
        url: '/api/bets',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          betId,
          kind: 'single',
          stake: 500,
          selections: [{ selectionId, price: catalogue.quote(selectionId)!.price }],
        },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      expect((await world.operator('sb-abandon', [event.id])).status).toBe(200);
      await world.services.outbox.drainDue();
      expect(
        (
          await world.app.inject({
            method: 'GET',
            url: `/api/bets/${betId}`,
            headers: { authorization: `Bearer ${token}` },
          })
        ).json(),
      ).toMatchObject({ status: 'void', returns: 500 });
      expect(await world.balanceOf(user.id)).toBe(1_000);
    });
  });
}
