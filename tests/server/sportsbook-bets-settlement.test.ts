import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/harness';
import {
  betting,
  createBetsWorld,
  finalScore,
  frame,
  launch,
  pamBalance,
  pamBet,
  punter,
  slip,
  type BetsWorld,
  type Punter,
} from './support/sportsbook-bets';
import type { BetView } from '../../src/contract/sportsbook-rules';

const score = finalScore;

for (const kind of databaseKinds()) {
  describe(`sportsbook settlement [${kind}]`, () => {
    let world: BetsWorld;
    beforeAll(async () => {
      world = await createBetsWorld(kind, { payoutCap: 5_000 });
    }, 60_000);
    afterAll(async () => world?.close());

    const { pick, place, betOf } = betting(() => world);

    it('a win pays stake x exact odds, a loss closes at 0, both close the PAM bet; legs show result and score', async () => {
      const p = await punter(world, 10_000);
      const eventId = world.catalogue.addEvent();
      const win = await place(p, [pick(eventId, 'match-result', 'home', { num: 17, den: 20 })], 2_000);
      const lose = await place(p, [pick(eventId, 'match-result', 'away')], 1_000);
      expect(await pamBalance(world, p.user.id)).toBe(7_000);
      await world.catalogue.resultEvent(eventId, score('2-1', '1-0'));
      // Betting Rules: actual odds 1.85, a £20 bet pays £37.00.
      expect(await betOf(p, win)).toMatchObject({
        status: 'won',
        returns: 3_700,
        legs: [{ result: 'won', score: { home: 2, away: 1 } }],
      });
      expect(await betOf(p, lose)).toMatchObject({ status: 'lost', returns: 0, legs: [{ result: 'lost' }] });
      expect(await pamBalance(world, p.user.id)).toBe(10_700);
      expect(await pamBet(world, win)).toMatchObject({ status: 'closed', returned: 3_700 });
      expect(await pamBet(world, lose)).toMatchObject({ status: 'closed', returned: 0 });
      const settled = (await frame(world, p.token, 'GET', '/api/bets?state=settled')).json().bets as BetView[];
      expect(settled.map((bet) => bet.betId).sort()).toEqual([win, lose].sort());
      expect(
        world.pushed.some(
          (push) => push.message.type === 'bet' && push.message.bet.betId === win && push.message.bet.status === 'won',
        ),
      ).toBe(true);
    });

    it('void outcomes return the stake: a voided market, a total on its line, an Asian handicap push, draw no bet on a draw', async () => {
      const p = await punter(world, 10_000);
      const a = world.catalogue.addEvent();
      const b = world.catalogue.addEvent();
      const voided = await place(p, [pick(a, 'match-result', 'home', { num: 3, den: 1 })], 100);
      await world.catalogue.voidMarket(world.catalogue.quote(pick(a, 'match-result', 'home'))!.marketId);
      expect(await betOf(p, voided)).toMatchObject({ status: 'void', returns: 100, legs: [{ result: 'void' }] });
      const onLine = await place(p, [pick(b, 'total-goals:2', 'over')], 100);
      const push = await place(p, [pick(b, 'asian-handicap:0', 'home')], 100);
      const dnb = await place(p, [pick(b, 'draw-no-bet', 'home')], 100);
      await world.catalogue.resultEvent(b, score('1-1', '1-0'));
      for (const betId of [onLine, push, dnb])
        expect(await betOf(p, betId)).toMatchObject({ status: 'void', returns: 100 });
      expect(await pamBalance(world, p.user.id)).toBe(10_000);
    });

    it('a quarter line half wins and half loses with exact returns; an accumulator multiplies the half factors', async () => {
      const p = await punter(world, 10_000);
      const a = world.catalogue.addEvent();
      const b = world.catalogue.addEvent();
      // Betting Rules: "£10 on -0.25 is £5 on 0 and £5 on -0.5. If the match is drawn, the £5 on 0 is void and returned and the £5 on -0.5 loses."
      const halfLost = await place(p, [pick(a, 'asian-handicap:-0.25', 'home', { num: 4, den: 5 })], 1_000);
      const halfWon = await place(p, [pick(a, 'asian-handicap:-0.25', 'away', { num: 21, den: 20 })], 1_000);
      const double = await place(
        p,
        [
          pick(a, 'asian-handicap:0.25', 'home', { num: 2, den: 7 }),
          pick(b, 'match-result', 'home', { num: 6, den: 4 }),
        ],
        15,
      );
      await world.catalogue.resultEvent(a, score('1-1', '0-0'));
      expect(await betOf(p, halfLost)).toMatchObject({ status: 'lost', returns: 500, legs: [{ result: 'half-lost' }] });
      // £5 at 21/20 returns £10.25, and £5 back: £15.25.
      expect(await betOf(p, halfWon)).toMatchObject({ status: 'won', returns: 1_525, legs: [{ result: 'half-won' }] });
      expect((await betOf(p, double)).status).toBe('open');
      await world.catalogue.resultEvent(b, score('2-0', '1-0'));
      // 15p x (2/7 + 2)/2 x 2.5 = 15 x 16/14 x 5/2 = 42.86p, rounded down once.
      expect(await betOf(p, double)).toMatchObject({
        status: 'won',
        returns: 42,
        legs: [{ result: 'half-won' }, { result: 'won' }],
      });
      expect(await pamBet(world, halfLost)).toMatchObject({ status: 'closed', returned: 500 });
      expect(await pamBalance(world, p.user.id)).toBe(10_000 - 2_015 + 500 + 1_525 + 42);
    });

    it('first team to score and time of first goal settle on the goal times, and void when the result has none', async () => {
      const p = await punter(world, 10_000);
      const timed = world.catalogue.addEvent();
      const untimed = world.catalogue.addEvent();
      const first = await place(p, [pick(timed, 'first-team-to-score', 'away', { num: 6, den: 4 })], 200);
      const band = await place(p, [pick(timed, 'first-goal-time', '31-45', { num: 4, den: 1 })], 100);
      const wrongBand = await place(p, [pick(timed, 'first-goal-time', '1-15', { num: 4, den: 1 })], 100);
      const noTimes = await place(p, [pick(untimed, 'first-team-to-score', 'home', { num: 1, den: 1 })], 300);
      await world.catalogue.resultEvent(timed, {
        ...score('1-2', '0-1'),
        goals: [
          { side: 'away', minute: 45 },
          { side: 'home', minute: 60 },
          { side: 'away', minute: 88 },
        ],
      });
      await world.catalogue.resultEvent(untimed, { ...score('1-0', '1-0'), goals: null });
      expect(await betOf(p, first)).toMatchObject({ status: 'won', returns: 500 });
      expect(await betOf(p, band)).toMatchObject({ status: 'won', returns: 500 });
      expect(await betOf(p, wrongBand)).toMatchObject({ status: 'lost', returns: 0 });
      expect(await betOf(p, noTimes)).toMatchObject({ status: 'void', returns: 300, legs: [{ result: 'void' }] });
    });

    it('an accumulator with a void leg is settled on the other legs (£5 treble at 2.0, 1.5, 4.0 with 4.0 void pays £15)', async () => {
      const p = await punter(world, 10_000);
      const events = [world.catalogue.addEvent(), world.catalogue.addEvent(), world.catalogue.addEvent()];
      const legs = [
        pick(events[0]!, 'match-result', 'home', { num: 1, den: 1 }),
        pick(events[1]!, 'match-result', 'home', { num: 1, den: 2 }),
        pick(events[2]!, 'match-result', 'home', { num: 3, den: 1 }),
      ];
      const treble = await place(p, legs, 500);
      expect(await betOf(p, treble)).toMatchObject({ potentialReturns: 6_000 });
      await world.catalogue.abandonEvent(events[2]!);
      await world.catalogue.resultEvent(events[0]!, score('1-0'));
      expect((await betOf(p, treble)).status).toBe('open');
      await world.catalogue.resultEvent(events[1]!, score('3-0'));
      expect(await betOf(p, treble)).toMatchObject({ status: 'won', returns: 1_500 });
      expect(await pamBalance(world, p.user.id)).toBe(11_000);
    });

    it('a lost leg loses the accumulator at once, with the other legs still to play', async () => {
      const p = await punter(world, 10_000);
      const events = [world.catalogue.addEvent(), world.catalogue.addEvent()];
      const double = await place(
        p,
        events.map((eventId) => pick(eventId, 'match-result', 'home')),
        300,
      );
      await world.catalogue.resultEvent(events[0]!, score('0-1'));
      expect(await betOf(p, double)).toMatchObject({ status: 'lost', returns: 0 });
      expect(await pamBet(world, double)).toMatchObject({ status: 'closed' });
    });

    it('settling a match twice, even at once, pays once', async () => {
      const p = await punter(world, 10_000);
      const eventId = world.catalogue.addEvent();
      const betId = await place(p, [pick(eventId, 'match-result', 'home', { num: 1, den: 1 })], 1_000);
      const quote = world.catalogue.quote(pick(eventId, 'match-result', 'home'))!;
      const resolution = {
        eventId,
        markets: [
          { marketId: quote.marketId, spec: quote.spec, outcome: { kind: 'result' as const, result: score('1-0') } },
        ],
      };
      await Promise.all([
        world.bets.settler.marketsResolved(resolution),
        world.bets.settler.marketsResolved(resolution),
      ]);
      await world.bets.settler.marketsResolved(resolution);
      await world.outbox.drainDue();
      expect(await betOf(p, betId)).toMatchObject({ status: 'won', returns: 2_000 });
      expect(await pamBalance(world, p.user.id)).toBe(11_000);
      const credits = await world.db
        .selectFrom('sportsbook.wallet_calls')
        .select('id')
        .where('bet_id', '=', betId)
        .where('kind', '=', 'credit')
        .execute();
      expect(credits).toHaveLength(1);
    });

    it('a placement racing the settlement either settles with the match or is not accepted; money agrees with the PAM', async () => {
      for (let round = 0; round < 4; round++) {
        const p = await punter(world, 10_000);
        const eventId = world.catalogue.addEvent();
        const body = slip(world, [pick(eventId, 'match-result', 'home', { num: 1, den: 1 })], 1_000);
        const [placed] = await Promise.all([
          frame(world, p.token, 'POST', '/api/bets', body),
          world.catalogue.resultEvent(eventId, score('1-0')),
        ]);
        await world.outbox.drainDue();
        const bet = await betOf(p, body.betId).catch(() => undefined);
        if (placed.statusCode === 422) {
          expect(placed.json().code).toBe('MarketClosed');
          expect(await pamBalance(world, p.user.id)).toBe(10_000);
        } else {
          expect(bet).toMatchObject({ status: 'won', returns: 2_000 });
          expect(await pamBalance(world, p.user.id)).toBe(11_000);
          expect(await pamBet(world, body.betId)).toMatchObject({ status: 'closed', staked: 1_000, returned: 2_000 });
        }
      }
    });

    it('the net payout cap holds per player over 24 hours, even for two settlements at once', async () => {
      // This world's cap is £50 net.
      const p = await punter(world, 100_000);
      const a = world.catalogue.addEvent();
      const b = world.catalogue.addEvent();
      const first = await place(p, [pick(a, 'match-result', 'home', { num: 4, den: 1 })], 1_000);
      const second = await place(p, [pick(b, 'match-result', 'home', { num: 4, den: 1 })], 1_000);
      await Promise.all([world.catalogue.resultEvent(a, score('1-0')), world.catalogue.resultEvent(b, score('1-0'))]);
      await world.outbox.drainDue();
      const returns = [(await betOf(p, first)).returns!, (await betOf(p, second)).returns!];
      // Each would return £50 (£40 net); together only £50 net may be paid: £40 + £10.
      expect(returns.reduce((sum, value) => sum + value, 0) - 2_000).toBe(5_000);
      expect(returns.sort()).toEqual([2_000, 5_000]);
      expect(await pamBalance(world, p.user.id)).toBe(100_000 - 2_000 + 7_000);
      world.pam.clock.advance(24 * 60 * 60 * 1000 + 1);
      const c = world.catalogue.addEvent();
      expect((await frame(world, p.token, 'GET', '/api/bets')).statusCode).toBe(401);
      const again = await launch(world, p.user);
      const later = await place(again, [pick(c, 'match-result', 'home', { num: 4, den: 1 })], 1_000);
      await world.catalogue.resultEvent(c, score('1-0'));
      expect((await betOf(again, later)).returns).toBe(5_000);
    });

    /** Places these singles under ids in ascending order, so the bets' id order is the order given here. */
    async function placeInIdOrder(p: Punter, singles: Array<{ selectionId: string; stake: number }>) {
      const ids = singles.map(() => randomUUID()).sort();
      for (const [index, single] of singles.entries()) {
        const body = slip(world, [single.selectionId], single.stake, { betId: ids[index]! });
        const response = await frame(world, p.token, 'POST', '/api/bets', body);
        expect(response.statusCode, response.body).toBe(201);
      }
      return ids;
    }
    const netOf = async (p: Punter, betIds: string[]) =>
      (await Promise.all(betIds.map((betId) => betOf(p, betId)))).reduce(
        (sum, bet) => sum + bet.returns! - bet.stake,
        0,
      );

    it('the payout cap counts bets settled at one instant as one group: a loss settled with two wins leaves them more', async () => {
      // This world's cap is £50 net. Two £10 wins at 4/1 (£40 net each) and a £20 loss settle together.
      const p = await punter(world, 100_000);
      const a = world.catalogue.addEvent();
      const home = pick(a, 'match-result', 'home', { num: 4, den: 1 });
      const [first, second, loss] = await placeInIdOrder(p, [
        { selectionId: home, stake: 1_000 },
        { selectionId: home, stake: 1_000 },
        { selectionId: pick(a, 'match-result', 'away'), stake: 2_000 },
      ]);
      await world.catalogue.resultEvent(a, score('1-0'));
      // The moment's net is -£20 + £40 + £30 = £50: the second win is cut to £30 net, not to £10.
      expect((await betOf(p, first!)).returns).toBe(5_000);
      expect((await betOf(p, second!)).returns).toBe(4_000);
      expect(await netOf(p, [first!, second!, loss!])).toBe(5_000);
    });

    it('the payout cap reads earlier settlements by instant: a win and a loss settled together count as their sum', async () => {
      const p = await punter(world, 100_000);
      const a = world.catalogue.addEvent();
      const b = world.catalogue.addEvent();
      const [win, loss] = await placeInIdOrder(p, [
        { selectionId: pick(a, 'match-result', 'home', { num: 4, den: 1 }), stake: 1_000 },
        { selectionId: pick(a, 'match-result', 'away'), stake: 2_000 },
      ]);
      const later = await place(p, [pick(b, 'match-result', 'home', { num: 4, den: 1 })], 1_000);
      await world.catalogue.resultEvent(a, score('1-0'));
      world.pam.clock.advance(60_000);
      await world.catalogue.resultEvent(b, score('1-0'));
      // £40 - £20 = £20 paid in the window: the later win may take £30 net.
      expect((await betOf(p, later)).returns).toBe(4_000);
      expect(await netOf(p, [win!, loss!, later])).toBe(5_000);
    });

    it('the payout cap groups an earlier settlement at this very instant with the bets settled now', async () => {
      const p = await punter(world, 100_000);
      const a = world.catalogue.addEvent();
      const b = world.catalogue.addEvent();
      const loss = await place(p, [pick(a, 'match-result', 'away')], 2_000);
      const home = pick(b, 'match-result', 'home', { num: 4, den: 1 });
      const [first, second] = await placeInIdOrder(p, [
        { selectionId: home, stake: 1_000 },
        { selectionId: home, stake: 1_000 },
      ]);
      // Two settlements at one instant of the clock: the loss, then the two wins.
      await world.catalogue.resultEvent(a, score('1-0'));
      await world.catalogue.resultEvent(b, score('1-0'));
      expect((await betOf(p, first!)).returns).toBe(5_000);
      expect((await betOf(p, second!)).returns).toBe(4_000);
      expect(await netOf(p, [loss, first!, second!])).toBe(5_000);
    });

    it('a credit the PAM could not take at once is delivered by the outbox when it is back', async () => {
      const p = await punter(world, 10_000);
      const eventId = world.catalogue.addEvent();
      const betId = await place(p, [pick(eventId, 'match-result', 'home', { num: 1, den: 1 })], 1_000);
      world.cutWallet(true);
      await world.catalogue.resultEvent(eventId, score('2-0'));
      expect(await betOf(p, betId)).toMatchObject({ status: 'won', returns: 2_000 });
      expect(await pamBalance(world, p.user.id)).toBe(9_000);
      world.pam.clock.advance(5_000);
      await world.outbox.drainDue();
      world.cutWallet(false);
      expect(await world.outbox.drainOnce()).toBe(0);
      world.pam.clock.advance(10_000);
      await world.outbox.drainDue();
      expect(await pamBalance(world, p.user.id)).toBe(11_000);
      expect(await pamBet(world, betId)).toMatchObject({ status: 'closed', returned: 2_000 });
    });

    it('a pending bet is settled only once its debit is confirmed', async () => {
      const p = await punter(world, 10_000);
      const eventId = world.catalogue.addEvent();
      const body = slip(world, [pick(eventId, 'match-result', 'home', { num: 1, den: 1 })], 1_000);
      world.cutWallet(true);
      expect((await frame(world, p.token, 'POST', '/api/bets', body)).statusCode).toBe(202);
      await world.catalogue.resultEvent(eventId, score('1-0'));
      expect((await betOf(p, body.betId)).status).toBe('pending');
      world.cutWallet(false);
      world.pam.clock.advance(30_000);
      await world.outbox.drainDue();
      await world.outbox.drainDue();
      expect(await betOf(p, body.betId)).toMatchObject({ status: 'won', returns: 2_000 });
      expect(await pamBalance(world, p.user.id)).toBe(11_000);
    });

    it('the operator voids a bet: an open one gets its stake back by credit, a pending one by rollback', async () => {
      const p = await punter(world, 10_000);
      const eventId = world.catalogue.addEvent();
      const open = await place(p, [pick(eventId, 'match-result', 'home')], 1_000);
      expect(await world.bets.voidBet(open)).toEqual({ betId: open, status: 'void', refund: 'credit' });
      expect(await betOf(p, open)).toMatchObject({ status: 'void', returns: 1_000 });
      expect(await pamBet(world, open)).toMatchObject({ status: 'closed', returned: 1_000 });
      await expect(world.bets.voidBet(open)).rejects.toThrow(/only open or pending/);

      const body = slip(world, [pick(eventId, 'match-result', 'draw')], 500);
      world.cutWallet(true);
      expect((await frame(world, p.token, 'POST', '/api/bets', body)).statusCode).toBe(202);
      world.cutWallet(false);
      expect((await world.bets.voidBet(body.betId)).refund).toBe('rollback');
      world.pam.clock.advance(30_000);
      await world.outbox.drainDue();
      expect(await pamBalance(world, p.user.id)).toBe(10_000);
      await world.catalogue.resultEvent(eventId, score('0-0'));
      expect(await pamBalance(world, p.user.id)).toBe(10_000);
    });

    it('an abandoned match voids every open bet on it and returns the stakes', async () => {
      const p = await punter(world, 10_000);
      const q = await punter(world, 10_000);
      const eventId = world.catalogue.addEvent();
      const bets = [
        await place(p, [pick(eventId, 'match-result', 'home')], 1_000),
        await place(p, [pick(eventId, 'correct-score', '1-0')], 200),
        await place(q, [pick(eventId, 'both-teams-to-score', 'yes')], 300),
      ];
      expect(await pamBalance(world, p.user.id)).toBe(8_800);
      await world.catalogue.abandonEvent(eventId);
      for (const betId of bets.slice(0, 2)) expect((await betOf(p, betId)).status).toBe('void');
      expect((await betOf(q, bets[2]!)).status).toBe('void');
      expect(await pamBalance(world, p.user.id)).toBe(10_000);
      expect(await pamBalance(world, q.user.id)).toBe(10_000);
      expect(await world.bets.openBets(eventId)).toEqual([]);
    });
  });
}
