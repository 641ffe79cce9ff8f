import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/harness';
import { createSportsbookContext, nextKickoff, updatesOf, type SportsbookTestContext } from './support/sportsbook';
import { sportsbookCommands } from '../../server/sportsbook/operator/commands';
import { AppError } from '../../server/platform/errors';
import type { Price } from '../../src/contract/sportsbook-rules';

const decimal = (price: Price | null) => (price ? 1 + price.num / price.den : NaN);
const nudge = sportsbookCommands.find('sb-nudge')!;

for (const kind of databaseKinds()) {
  describe(`sb-nudge: an operator moves a match's prices [${kind}]`, () => {
    let context: SportsbookTestContext;
    beforeAll(async () => {
      context = await createSportsbookContext(kind);
    }, 60_000);
    afterAll(async () => context?.close());

    const mainPrices = (eventId: string) => {
      const selections = context.services.catalogue.eventDetail(eventId)!.mainMarket!.selections;
      return { home: decimal(selections[0]!.price), away: decimal(selections[2]!.price) };
    };

    it('a lower home rate lengthens the home win and shortens the away win: stored, then pushed with the next seq', async () => {
      const event = nextKickoff(context);
      const before = mainPrices(event.id);
      const pushed = updatesOf(context, event.id).length;

      const result = (await nudge.run(context.services, [event.id, 'home', '-30'])) as {
        rates: { home: number; away: number };
      };
      expect(result.rates.home).toBeCloseTo(event.rates.home * 0.7, 10);
      expect(result.rates.away).toBe(event.rates.away);

      const after = mainPrices(event.id);
      expect(after.home).toBeGreaterThan(before.home);
      expect(after.away).toBeLessThan(before.away);
      const update = updatesOf(context, event.id).at(-1)!;
      expect(updatesOf(context, event.id).length).toBe(pushed + 1);
      expect(update.seq).toBe(event.seq + 1);
      expect(update.markets.find((market) => market.type === 'match-result')!.selections[0]!.price).toEqual(
        context.services.catalogue.eventDetail(event.id)!.mainMarket!.selections[0]!.price,
      );
      // The lists a page opens with show the moved price too, not only the match page.
      const listed = context.services.catalogue.listEvents().find((summary) => summary.id === event.id)!;
      expect(listed.mainMarket!.selections.map((selection) => selection.price)).toEqual(
        context.services.catalogue.eventDetail(event.id)!.mainMarket!.selections.map((selection) => selection.price),
      );
      const [stored] = await context.services.store.loadEventsById([event.id]);
      expect(stored!.rates.home).toBeCloseTo(event.rates.home * 0.7, 10);
      expect(stored!.seq).toBe(event.seq + 1);
    });

    it('refuses a bad side, percent or event, and a finished match, moving nothing', async () => {
      const event = nextKickoff(context);
      const seq = context.services.catalogue.record(event.id)!.seq;
      const cases: Array<[string[], number]> = [
        [[event.id, 'draw', '10'], 400],
        [[event.id, 'home', '0'], 400],
        [[event.id, 'home', '-51'], 400],
        [[event.id, 'home', '101'], 400],
        [[event.id, 'home', '1.5'], 400],
        [[event.id, 'home', 'lots'], 400],
        [['ev-nowhere', 'home', '10'], 404],
        [[event.id, 'home'], 400],
      ];
      for (const [args, statusCode] of cases) {
        const error = await nudge.run(context.services, args).catch((caught: unknown) => caught);
        expect(error, args.join(' ')).toBeInstanceOf(AppError);
        expect((error as AppError).statusCode, args.join(' ')).toBe(statusCode);
      }
      expect(context.services.catalogue.record(event.id)!.seq).toBe(seq);

      await context.services.catalogue.abandonEvent(event.id);
      const finished = await nudge.run(context.services, [event.id, 'away', '20']).catch((caught: unknown) => caught);
      expect((finished as AppError).statusCode).toBe(409);
    });
  });
}
