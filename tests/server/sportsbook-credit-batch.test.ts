import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { databaseKinds } from './support/harness';
import {
  createBetsWorld,
  frame,
  pamBalance,
  punter,
  slip,
  type BetsWorld,
  type Punter,
} from './support/sportsbook-bets';
import { WALLET_CREDIT_BATCH_PATH } from '../../src/contract/games';

/** Every Returns posting per bet at the PAM: a bet paid twice shows two. */
async function returnsPostings(world: BetsWorld, betIds: string[]) {
  const rows = await world.pam.database.db
    .selectFrom('transactions')
    .select(['bet_id', 'amount'])
    .where('kind', '=', 'Returns')
    .where('bet_id', 'in', betIds)
    .execute();
  return rows.map((row) => row.bet_id).sort();
}

for (const kind of databaseKinds()) {
  describe(`sportsbook settlement credits in batches [${kind}]`, () => {
    let world: BetsWorld;
    /** When set, the next batched credit call reaches the PAM but its answer is lost on the way back. */
    let loseNextAnswer = false;
    let batchedCalls = 0;
    beforeAll(async () => {
      world = await createBetsWorld(kind, {
        walletFetch: (real) => async (input, init) => {
          if (!String(input).endsWith(WALLET_CREDIT_BATCH_PATH)) return real(input, init);
          batchedCalls++;
          const response = await real(input, init);
          if (!loseNextAnswer) return response;
          loseNextAnswer = false;
          throw new TypeError('fetch failed: connection reset');
        },
      });
    }, 60_000);
    afterAll(async () => world?.close());

    const place = async (p: Punter, selectionId: string, stake: number) => {
      const body = slip(world, [selectionId], stake);
      const response = await frame(world, p.token, 'POST', '/api/bets', body);
      expect(response.statusCode, response.body).toBe(201);
      return body.betId;
    };

    it('pays every settled bet in one batched call; an answer lost on the way back is sent again and pays nothing twice', async () => {
      const ann = await punter(world, 10_000);
      const bob = await punter(world, 10_000);
      const eventId = world.catalogue.addEvent();
      const home = world.catalogue.selection(eventId, 'match-result', 'home').selectionId;
      const away = world.catalogue.selection(eventId, 'match-result', 'away').selectionId;
      const winners = [await place(ann, home, 1_000), await place(bob, home, 2_000), await place(ann, home, 500)];
      const loser = await place(bob, away, 700);
      expect(await pamBalance(world, ann.user.id)).toBe(8_500);
      expect(await pamBalance(world, bob.user.id)).toBe(7_300);
      // The bet pushed when its debit was answered (built from the row that statement wrote) is the bet as read.
      const pushed = world.pushed
        .filter(({ message }) => message.type === 'bet' && message.bet.betId === winners[0])
        .at(-1);
      expect(pushed?.message).toEqual({
        type: 'bet',
        bet: (await frame(world, ann.token, 'GET', `/api/bets/${winners[0]}`)).json(),
      });

      loseNextAnswer = true;
      batchedCalls = 0;
      await world.catalogue.resultEvent(eventId, { fullTime: { home: 1, away: 0 }, halfTime: { home: 0, away: 0 } });
      // The PAM paid (evens: stake x 2), but the sportsbook never heard: its credits stay pending.
      expect(batchedCalls).toBe(1);
      expect(await pamBalance(world, ann.user.id)).toBe(8_500 + 3_000);
      expect(await pamBalance(world, bob.user.id)).toBe(7_300 + 4_000);
      const pending = await world.db
        .selectFrom('sportsbook.wallet_calls')
        .select('bet_id')
        .where('kind', '=', 'credit')
        .where('state', '=', 'pending')
        .execute();
      expect(pending.map((row) => row.bet_id).sort()).toEqual([...winners, loser].sort());

      // The outbox sends the same credits again after its backoff: each answers what it answered, no money moves.
      world.pam.clock.advance(10_000);
      await world.outbox.drainDue();
      expect(batchedCalls).toBe(2);
      const states = await world.db
        .selectFrom('sportsbook.wallet_calls')
        .select(['state'])
        .where('kind', '=', 'credit')
        .where('bet_id', 'in', [...winners, loser])
        .execute();
      expect(states.every((row) => row.state === 'done')).toBe(true);
      expect(await pamBalance(world, ann.user.id)).toBe(8_500 + 3_000);
      expect(await pamBalance(world, bob.user.id)).toBe(7_300 + 4_000);
      expect(await returnsPostings(world, [...winners, loser])).toEqual([...winners].sort());
      const bets = await sql<{
        returned: number;
        status: string;
      }>`SELECT returned, status FROM bets WHERE bet_id = ANY(${[...winners, loser]}::text[])`.execute(
        world.pam.database.db,
      );
      expect(bets.rows.every((bet) => bet.status === 'closed')).toBe(true);
      expect(bets.rows.reduce((sum, bet) => sum + Number(bet.returned), 0)).toBe(7_000);
    });
  });
}
