/**
 * Cash out under load while prices move: the real feed runs (in-play prices change every second, goals suspend
 * markets), singles are placed on the matches in play, then clients press Cash Out over HTTP as fast as they are
 * answered: full and partial, with the offer the frame would show, and on purpose two presses at once (two request
 * ids) and the same press twice (one request id). Reported: cash-out requests per second, how they ended, and the
 * checks that matter: zero bets paid twice (closing credits per bet, the PAM's returns against the sportsbook's
 * credits) and the reconciliation of both sides. BENCH_CASHOUT_BETS and BENCH_CASHOUT_REQUESTS shrink the run;
 * BENCH_CASHOUT_FEED=off holds the prices still (the feed does not run), for comparison.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { marketIdOf, selectionIdOf } from '../server/sportsbook/catalogue/ids';
import { Reconciler } from '../server/sportsbook/reconciliation/reconciler';
import type { BetsDb } from '../server/sportsbook/bets/tables';
import { formatRate } from './support';
import { startSportsbookWorld } from './sportsbook-world';

const BETS = Number(process.env.BENCH_CASHOUT_BETS || 1_500);
const REQUESTS = Number(process.env.BENCH_CASHOUT_REQUESTS || 2_000);
const PLAYERS = 100;
const CLIENTS = 64;
const STAKE = 500;
const DELAY_MS = 250;

export default async function run(): Promise<void> {
  await startSportsbookWorld(
    'bench_cashout',
    {
      players: PLAYERS,
      openingBalance: 10_000_000,
      maxSockets: CLIENTS * 2,
      config: { cashOutDelayMs: DELAY_MS, inPlayDelayMs: 0 },
    },
    async ({ book, bookUrl, tokens, post, database }) => {
      const live = book.catalogue
        .listEvents({ status: 'live' })
        .filter((event) => event.minute < 70)
        .slice(0, 4);
      if (live.length === 0) throw new Error('no match in play to cash out on');
      const selections = live.flatMap((event) =>
        ['home', 'draw', 'away'].map((key) => selectionIdOf(marketIdOf(event.id, 'match-result'), key)),
      );
      if (process.env.BENCH_CASHOUT_FEED !== 'off') await book.runner.start();

      // Singles on the matches in play, at whatever price is current (a goal's suspension refuses a few).
      const owner = new Map<string, string>();
      let next = 0;
      await Promise.all(
        Array.from({ length: 32 }, async () => {
          while (next < BETS) {
            const n = next++;
            const selectionId = selections[n % selections.length]!;
            const price = book.catalogue.quote(selectionId)?.price;
            if (!price) continue;
            const betId = randomUUID();
            const answer = await post(
              `${bookUrl}/api/bets`,
              { betId, kind: 'single', stake: STAKE, selections: [{ selectionId, price }], priceChanges: 'any' },
              tokens[n % PLAYERS],
            );
            if (answer.status === 201) owner.set(betId, tokens[n % PLAYERS]!);
          }
        }),
      );
      const betIds = [...owner.keys()];
      console.log(`  placed ${betIds.length} singles on ${live.length} matches in play (of ${BETS} tried)`);

      const outcomes = new Map<string, number>();
      const count = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      let sent = 0;
      let noOffer = 0;
      let press = 0;
      const started = Date.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (sent < REQUESTS) {
            const n = press++;
            const betId = betIds[(n * 7919) % betIds.length]!;
            // The offer the frame would show now (GET /api/cash-out-offers answers the same figure).
            const offer = await book.bets.cashOuts.offerFor(betId);
            if (offer === null) {
              noOffer++;
              if (noOffer > REQUESTS * 20) break;
              await new Promise((resolve) => setTimeout(resolve, 5));
              continue;
            }
            const partial = n % 2 === 0 && offer >= 40;
            const body = { requestId: randomUUID(), offer, ...(partial ? { amount: Math.floor(offer / 4) } : {}) };
            const url = `${bookUrl}/api/bets/${betId}/cash-out`;
            // Every fifth press is doubled (two request ids at once), every seventh repeated (one request id twice).
            const presses =
              n % 5 === 0 ? [body, { ...body, requestId: randomUUID() }] : n % 7 === 0 ? [body, body] : [body];
            sent += presses.length;
            const answers = await Promise.all(presses.map((payload) => post(url, payload, owner.get(betId))));
            for (const answer of answers)
              count(
                answer.status === 200
                  ? partial
                    ? 'accepted (partial)'
                    : 'accepted (full)'
                  : answer.status === 422
                    ? (JSON.parse(answer.body) as { code: string }).code
                    : `HTTP ${answer.status}`,
              );
          }
        }),
      );
      const seconds = (Date.now() - started) / 1000;
      await book.runner.stop();
      console.log(
        `cash-out requests/s over HTTP while prices move (delay ${DELAY_MS} ms, ${CLIENTS} clients): ${formatRate(sent / seconds)} (${sent} in ${seconds.toFixed(1)} s)`,
      );
      console.log(
        `  outcomes: ${[...outcomes].map(([key, value]) => `${key} ${value}`).join(', ')}; offers withdrawn before a press (suspended, ended): ${noOffer}`,
      );
      // Zero doubled payouts means nothing if nothing was paid: the run must have paid full and partial cash outs.
      if (!outcomes.get('accepted (full)') || !outcomes.get('accepted (partial)'))
        throw new Error('no full or no partial cash out was accepted: the run proves nothing about doubled payouts');

      // Every credit delivered, then the checks.
      for (let round = 0; round < 600; round++) {
        const pending = await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM sportsbook.wallet_calls WHERE state = 'pending'`.execute(database.db);
        if (pending.rows[0]!.n === 0) break;
        await book.outbox.drainDue();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const doubled = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM (
          SELECT bet_id FROM sportsbook.wallet_calls WHERE kind = 'credit' AND (body->>'closesBet')::boolean GROUP BY bet_id HAVING count(*) > 1
        ) twice`.execute(database.db);
      const overpaid = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM sportsbook.bets b
         WHERE b.cashed_out + coalesce(b.returns, 0) <> coalesce((SELECT sum((c.body->>'amount')::bigint) FROM sportsbook.wallet_calls c WHERE c.bet_id = b.id AND c.kind = 'credit'), 0)`.execute(
        database.db,
      );
      const pamDisagrees = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM bets p
          JOIN (SELECT bet_id::text AS bet_id, sum((body->>'amount')::bigint) AS paid FROM sportsbook.wallet_calls WHERE kind = 'credit' AND state = 'done' GROUP BY bet_id) s ON s.bet_id = p.bet_id
         WHERE p.returned <> s.paid`.execute(database.db);
      const report = await new Reconciler(book.db as unknown as BetsDb, book.wallet, book.clock).run();
      const doubledPayouts = doubled.rows[0]!.n + overpaid.rows[0]!.n + pamDisagrees.rows[0]!.n;
      console.log(
        `doubled payouts: ${doubledPayouts} (bets with two closing credits ${doubled.rows[0]!.n}, credits not matching the bet's returns ${overpaid.rows[0]!.n}, PAM returns not matching ${pamDisagrees.rows[0]!.n}); reconciliation over ${report.bets} bets: ${report.differences.length} differences, ${report.pending.length} pending (target 0) ${doubledPayouts === 0 && report.differences.length === 0 ? 'OK' : 'FAILED'}`,
      );
      if (doubledPayouts !== 0 || report.differences.length !== 0)
        throw new Error(`cash out paid wrongly: ${JSON.stringify(report.differences.slice(0, 5))}`);
    },
  );
}
