import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseKinds } from './support/harness';
import { createSportsbookAppWorld, type SportsbookAppWorld } from './support/sportsbook-app';
import { marketIdOf, selectionIdOf } from '../../server/sportsbook/catalogue/ids';
import { SETTLEMENT_RETRY_MS } from '../../server/sportsbook/bets/service';
import type { BetView } from '../../src/contract/sportsbook-rules';

/**
 * A settlement that fails for a reason that is not a deadlock (the database away for a moment) leaves the result
 * stored and the bets open: they are settled and paid SETTLEMENT_RETRY_MS later, and again later while that fails,
 * not only at the next start. The retries' timer is run by hand here.
 */
for (const kind of databaseKinds()) {
  describe(`a settlement that failed is tried again [${kind}]`, () => {
    let world: SportsbookAppWorld;
    const retries: Array<{ ms: number; run: () => void }> = [];
    beforeAll(async () => {
      world = await createSportsbookAppWorld(kind, { recoverySchedule: (ms, run) => void retries.push({ ms, run }) });
    }, 60_000);
    afterAll(async () => world?.close());

    it('pays the bets of a match whose settlement failed, on the retry after a failed retry', async () => {
      const { catalogue } = world.services;
      const event = catalogue.records().find((record) => record.status === 'scheduled')!;
      const { user, token } = await world.session(1_000);
      const selectionId = selectionIdOf(marketIdOf(event.id, 'match-result'), 'home');
      const price = catalogue.quote(selectionId)!.price!;
      const betId = randomUUID();
      const placed = await world.app.inject({
        method: 'POST',
        url: '/api/bets',
        headers: { authorization: `Bearer ${token}` },
        payload: { betId, kind: 'single', stake: 500, selections: [{ selectionId, price }] },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const betOf = async () =>
        (
          await world.app.inject({
            method: 'GET',
            url: `/api/bets/${betId}`,
            headers: { authorization: `Bearer ${token}` },
          })
        ).json() as BetView;

      const outage = new Error('the database went away');
      vi.spyOn(world.services.bets.settler, 'marketsResolved').mockRejectedValueOnce(outage);
      const recover = vi.spyOn(world.services.bets.settler, 'recover').mockRejectedValueOnce(outage);
      expect((await world.operator('sb-settle', [event.id, '1-0', '0-0'])).status).toBe(200);
      expect((await betOf()).status).toBe('open');
      expect(retries.map((retry) => retry.ms)).toEqual([SETTLEMENT_RETRY_MS]);

      // The first retry fails too: another is scheduled.
      retries.shift()!.run();
      await expect.poll(() => retries.length).toBe(1);
      expect((await betOf()).status).toBe('open');
      retries.shift()!.run();
      await expect.poll(async () => (await betOf()).status).toBe('won');
      expect(recover).toHaveBeenCalledTimes(2);
      const returns = Math.floor((500 * (price.num + price.den)) / price.den);
      await expect.poll(() => world.balanceOf(user.id)).toBe(500 + returns);
      expect(retries).toEqual([]);
    });
  });
}
