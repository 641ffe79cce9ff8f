import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BetStore, type BetToStore } from '../../server/sportsbook/bets/store-bet';
import { WALLET_DEBIT_BATCH_PATH } from '../../src/contract/games';
import type { PlacementAnswer } from '../../server/sportsbook/bets/placement';
import type { SportsbookSession } from '../../server/sportsbook/sessions/service';
import type { PlaceBetRequest } from '../../src/contract/sportsbook';
import { databaseKinds } from './support/harness';
import {
  createBetsWorld,
  expectReconciled,
  frame,
  pamBalance,
  pamBet,
  punter,
  slip,
  type BetsWorld,
  type Punter,
} from './support/sportsbook-bets';

/**
 * Group commit in placement: bets placed at the same moment share the statement that stores them, the wallet call
 * that debits them and the statement that records the answers, each bet keeping its own id, debit and outcome.
 * The bets here are placed in one tick, through the placement service the route calls (the same moment, for sure).
 */
for (const kind of databaseKinds()) {
  describe(`placement in batches [${kind}]`, () => {
    let world: BetsWorld;
    /** Each /debits call's size, in order. */
    const debitCalls: number[] = [];
    /** When set, /debits calls reach the PAM but their answers are lost on the way back. */
    let loseAnswers = false;
    /** The sportsbook's statements storing bets and recording wallet answers, as sent. */
    const statements: string[] = [];

    beforeAll(async () => {
      world = await createBetsWorld(kind, {
        walletFetch: (real) => async (input, init) => {
          if (!String(input).endsWith(WALLET_DEBIT_BATCH_PATH)) return real(input, init);
          debitCalls.push((JSON.parse(String(init?.body)) as { debits: unknown[] }).debits.length);
          const response = await real(input, init);
          if (loseAnswers) throw new TypeError('fetch failed: connection reset');
          return response;
        },
      });
      const executor = world.db.getExecutor();
      const execute = executor.executeQuery.bind(executor);
      executor.executeQuery = (query) => {
        const statement = /INSERT INTO sportsbook\.bets/.test(query.sql)
          ? 'store'
          : /UPDATE sportsbook\.wallet_calls AS c SET state/.test(query.sql)
            ? 'record'
            : /FROM sportsbook\.sessions WHERE token_hash/.test(query.sql)
              ? 'session'
              : undefined;
        if (statement) statements.push(statement);
        return execute(query);
      };
    }, 60_000);
    afterAll(async () => world?.close());

    const sessionOf = async (p: Punter) => (await world.sessions.find(p.token))!;
    const home = (eventId: string) => world.catalogue.selection(eventId, 'match-result', 'home').selectionId;
    /** Places every slip in the same tick; each placement's answer, or the error it threw. */
    const placeTogether = (slips: Array<{ session: SportsbookSession; body: PlaceBetRequest }>) =>
      Promise.all(
        slips.map(({ session, body }) =>
          world.bets.placement.place(session, body).then(
            (answer): PlacementAnswer | { error: string } => answer,
            (error: Error) => ({ error: error.message }),
          ),
        ),
      );
    const counted = () => {
      const taken = { debitCalls: [...debitCalls], statements: [...statements] };
      debitCalls.length = 0;
      statements.length = 0;
      return taken;
    };

    it('bets placed at the same moment: one statement stores them, one wallet call debits them, one statement records the answers', async () => {
      const players = await Promise.all([punter(world, 10_000), punter(world, 10_000), punter(world, 10_000)]);
      const sessions = await Promise.all(players.map(sessionOf));
      const eventId = world.catalogue.addEvent();
      const slips = [0, 1, 2, 0].map((index, stake) => ({
        session: sessions[index]!,
        body: slip(world, [home(eventId)], 100 * (stake + 1)),
      }));
      counted();
      const answers = await placeTogether(slips);
      expect(answers.map((answer) => 'statusCode' in answer && answer.statusCode)).toEqual([201, 201, 201, 201]);
      answers.forEach((answer, index) =>
        expect(answer).toMatchObject({
          body: { bet: { betId: slips[index]!.body.betId, stake: slips[index]!.body.stake, status: 'open' } },
        }),
      );
      expect(counted()).toEqual({ debitCalls: [4], statements: ['store', 'record'] });
      expect(await Promise.all(players.map((p) => pamBalance(world, p.user.id)))).toEqual([
        10_000 - 100 - 400,
        10_000 - 200,
        10_000 - 300,
      ]);
      for (const { body } of slips)
        expect(await pamBet(world, body.betId)).toMatchObject({ staked: body.stake, status: 'open' });
      // Each bet pushed to its own session as opened, built from the row the recording wrote.
      for (const [index, { body }] of slips.entries()) {
        const pushed = world.pushed.filter(({ message }) => message.type === 'bet' && message.bet.betId === body.betId);
        expect(pushed.map(({ sessionId }) => sessionId)).toEqual([sessions[[0, 1, 2, 0][index]!]!.id]);
        expect(pushed[0]!.message).toEqual({
          type: 'bet',
          bet: (await frame(world, players[[0, 1, 2, 0][index]!]!.token, 'GET', `/api/bets/${body.betId}`)).json(),
        });
      }
    });

    it('in one batch, a debit the wallet refuses and a bet id used before refuse only themselves', async () => {
      const [rich, poor] = await Promise.all([punter(world, 10_000), punter(world, 150)]);
      const [richSession, poorSession] = await Promise.all([sessionOf(rich), sessionOf(poor)]);
      const eventId = world.catalogue.addEvent();
      const earlier = slip(world, [home(eventId)], 100);
      expect((await frame(world, rich.token, 'POST', '/api/bets', earlier)).statusCode).toBe(201);
      const good = slip(world, [home(eventId)], 1_000);
      const tooMuch = slip(world, [home(eventId)], 200);
      const reused = slip(world, [home(eventId)], 300, { betId: earlier.betId });
      const alsoGood = slip(world, [home(eventId)], 50);
      const sameIdInBatch = slip(world, [home(eventId)], 700, { betId: good.betId });
      counted();
      const answers = await placeTogether([
        { session: richSession, body: good },
        { session: poorSession, body: tooMuch },
        { session: richSession, body: reused },
        { session: poorSession, body: alsoGood },
        { session: richSession, body: sameIdInBatch },
      ]);
      expect(answers[0]).toMatchObject({
        statusCode: 201,
        body: { bet: { betId: good.betId, stake: 1_000, status: 'open' } },
      });
      expect(answers[1]).toEqual({
        statusCode: 422,
        body: { message: 'Your balance is too low for this stake.', code: 'InsufficientFunds' },
      });
      expect(answers[2]).toEqual({ error: 'This bet id was already used for a different bet.' });
      expect(answers[3]).toMatchObject({
        statusCode: 201,
        body: { bet: { betId: alsoGood.betId, stake: 50, status: 'open' } },
      });
      expect(answers[4]).toEqual({ error: 'This bet id was already used for a different bet.' });
      // The two reused ids stored nothing, so their debits were never sent; the refusal was recorded on its own.
      const taken = counted();
      expect(taken.debitCalls).toEqual([3]);
      expect(taken.statements.filter((statement) => statement === 'store')).toEqual(['store']);
      expect(await pamBalance(world, rich.user.id)).toBe(10_000 - 100 - 1_000);
      expect(await pamBalance(world, poor.user.id)).toBe(150 - 50);
      expect((await frame(world, poor.token, 'GET', `/api/bets/${tooMuch.betId}`)).json()).toMatchObject({
        status: 'rejected',
        reason: 'Your balance is too low for this stake.',
      });
      expect((await frame(world, rich.token, 'GET', `/api/bets/${earlier.betId}`)).json()).toMatchObject({
        stake: 100,
        status: 'open',
      });
      expect(await pamBet(world, earlier.betId)).toMatchObject({ staked: 100 });
    });

    it('a batched debit whose answer is lost leaves every bet pending (202) as a single one would; the outbox completes them, taking each stake once', async () => {
      const players = await Promise.all([punter(world, 10_000), punter(world, 10_000)]);
      const sessions = await Promise.all(players.map(sessionOf));
      const eventId = world.catalogue.addEvent();
      const slips = [0, 1, 1].map((index) => ({ session: sessions[index]!, body: slip(world, [home(eventId)], 500) }));
      counted();
      loseAnswers = true;
      const answers = await placeTogether(slips).finally(() => {
        loseAnswers = false;
      });
      expect(answers.map((answer) => 'statusCode' in answer && answer.statusCode)).toEqual([202, 202, 202]);
      answers.forEach((answer) =>
        expect(answer).toMatchObject({ body: { bet: { status: 'pending', heldUntil: null } } }),
      );
      // The first attempt sent them together; the placement's retry sent each again with the same id and body.
      const taken = counted();
      expect(taken.debitCalls[0]).toBe(3);
      expect(taken.debitCalls.reduce((sum, size) => sum + size, 0)).toBe(6);
      const calls = await world.db
        .selectFrom('sportsbook.wallet_calls')
        .select(['bet_id', 'state', 'attempts'])
        .where(
          'bet_id',
          'in',
          slips.map(({ body }) => body.betId),
        )
        .execute();
      expect(calls.map(({ state, attempts }) => ({ state, attempts }))).toEqual(
        slips.map(() => ({ state: 'pending', attempts: 2 })),
      );
      // The PAM took the stakes; the sportsbook does not know yet.
      expect(await pamBalance(world, players[1]!.user.id)).toBe(9_000);
      expect((await frame(world, players[1]!.token, 'GET', '/api/bets')).json().bets).toEqual([]);

      world.pam.clock.advance(30_000);
      await world.outbox.drainDue();
      for (const [index, { body }] of slips.entries()) {
        expect(
          (await frame(world, players[[0, 1, 1][index]!]!.token, 'GET', `/api/bets/${body.betId}`)).json(),
        ).toMatchObject({ status: 'open' });
        expect(await pamBet(world, body.betId)).toMatchObject({ staked: 500, status: 'open' });
      }
      expect(await pamBalance(world, players[0]!.user.id)).toBe(9_500);
      expect(await pamBalance(world, players[1]!.user.id)).toBe(9_000);
      expect((await frame(world, players[1]!.token, 'POST', '/api/bets', slips[1]!.body)).statusCode).toBe(201);
    });

    it('a batch statement that fails is run again bet by bet: only the bet at fault gets the error, the others are stored with their debits', async () => {
      const eventId = world.catalogue.addEvent();
      const quote = world.catalogue.quote(home(eventId))!;
      const betToStore = (stake: number): BetToStore => {
        const id = randomUUID();
        return {
          bet: {
            id,
            player_id: '1',
            session_id: 's',
            kind: 'single',
            stake,
            potential_returns: stake * 2,
            status: 'pending',
            request_hash: 'h',
            debit_call_id: `debit:${id}`,
            placed_at: world.pam.clock.now(),
            price_num: null,
            price_den: null,
          },
          legs: [
            {
              bet_id: id,
              position: 0,
              selection_id: quote.selectionId,
              market_id: quote.marketId,
              event_id: eventId,
              event_name: quote.eventName,
              kickoff_at: quote.kickoffAt,
              market_name: quote.marketName,
              selection_name: quote.selectionName,
              spec: quote.spec,
              selection_key: quote.selectionKey,
              price_num: 1,
              price_den: 1,
            },
          ],
          debit: { id: `debit:${id}`, body: { transactionId: `debit:${id}`, betId: id, amount: stake } },
        };
      };
      // A stake of 0 breaks the table's own check: the statement storing all three fails as a whole.
      const bets = [betToStore(100), betToStore(0), betToStore(300)];
      const store = new BetStore(world.db, world.outbox);
      counted();
      const stored = await Promise.all(
        bets.map((bet) =>
          store.store(bet, 20_000).then(
            (result) => result?.view('pending').stake,
            (error: Error) => error.message,
          ),
        ),
      );
      expect(stored[0]).toBe(100);
      expect(stored[1]).toMatch(/check constraint/);
      expect(stored[2]).toBe(300);
      // The three together, then each alone.
      expect(counted().statements).toEqual(['store', 'store', 'store', 'store']);
      const ids = bets.map(({ bet }) => bet.id);
      const rows = await world.db
        .selectFrom('sportsbook.wallet_calls')
        .select(['bet_id', 'state'])
        .where('bet_id', 'in', ids)
        .execute();
      expect(rows.map((row) => row.bet_id).sort()).toEqual([ids[0]!, ids[2]!].sort());
      expect(await world.db.selectFrom('sportsbook.bets').select('id').where('id', '=', ids[1]!).execute()).toEqual([]);
      // Not real bets: gone again before the file's reconciliation.
      await world.db.deleteFrom('sportsbook.wallet_calls').where('bet_id', 'in', ids).execute();
      await world.db.deleteFrom('sportsbook.bet_legs').where('bet_id', 'in', ids).execute();
      await world.db.deleteFrom('sportsbook.bets').where('id', 'in', ids).execute();
    });

    it('the sessions of requests arriving at the same moment are looked up by one statement, each request finding its own', async () => {
      const players = await Promise.all([punter(world, 100), punter(world, 100), punter(world, 100)]);
      await world.sessions.end((await sessionOf(players[2]!)).id);
      counted();
      const found = await Promise.all([
        ...players.map((p) => world.sessions.find(p.token)),
        world.sessions.find('not-a-session-token'),
        world.sessions.find(players[0]!.token),
      ]);
      expect(counted().statements).toEqual(['session']);
      expect(found.map((session) => session?.playerId)).toEqual([
        String(players[0]!.user.id),
        String(players[1]!.user.id),
        undefined,
        undefined,
        String(players[0]!.user.id),
      ]);
    });

    it('every bet of this file agrees with the PAM to the penny', async () => {
      await expectReconciled(world, 8);
    });
  });
}
