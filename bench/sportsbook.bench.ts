/**
 * The sportsbook end to end on one PostgreSQL: bets placed per second (the frame's POST /api/bets over HTTP ->
 * sportsbook -> signed wallet debit over HTTP -> PAM ledger), then the settlement of every one of those bets on
 * one match (results, payout cap, closing credits delivered through the outbox), and a reconciliation: the
 * sportsbook's bets, the PAM's bets record and the ledger must agree to the penny.
 * Targets: settlement of 50,000 open bets <= 60 s; placement rate for comparison with the ledger bench.
 * BENCH_SPORTSBOOK_BETS shrinks the run (default 50,000).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { marketIdOf, selectionIdOf } from '../server/sportsbook/catalogue/ids';
import { formatRate } from './support';
import { startSportsbookWorld } from './sportsbook-world';

const BETS = Number(process.env.BENCH_SPORTSBOOK_BETS || 50_000);
const PLAYERS = 200;
const CLIENTS = 32;
const STAKE = 100;
const OPENING_BALANCE = 10_000_000;
const CLIENTS_OVERRIDE = Number(process.env.BENCH_SPORTSBOOK_CLIENTS || 0);

export default async function run(): Promise<void> {
  await startSportsbookWorld('bench_sportsbook', { players: PLAYERS, openingBalance: OPENING_BALANCE, maxSockets: CLIENTS }, async ({ book, bookUrl, tokens, post, database, walletStats }) => {
    const event = book.catalogue.records().filter((record) => record.status === 'scheduled').sort((a, b) => b.kickoffAt.getTime() - a.kickoffAt.getTime())[0]!;
    const selections = ['home', 'draw', 'away'].map((key) => selectionIdOf(marketIdOf(event.id, 'match-result'), key));
    const catalogue = book.catalogue;

    let next = 0;
    let refused = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CLIENTS_OVERRIDE || CLIENTS }, async () => {
        while (next < BETS) {
          const n = next++;
          const selectionId = selections[n % 3]!;
          const price = catalogue.quote(selectionId)!.price!;
          const answer = await post(`${bookUrl}/api/bets`, { betId: randomUUID(), kind: 'single', stake: STAKE, selections: [{ selectionId, price }], acceptPriceChanges: true }, tokens[n % PLAYERS]);
          if (answer.status !== 201) refused++;
        }
      }),
    );
    const placeSeconds = (Date.now() - started) / 1000;
    const placing = walletStats(true);
    console.log(`  of which wallet calls (HTTP to the PAM, its transaction): ${placing.calls} calls, ${(placing.ms / Math.max(1, placing.calls)).toFixed(1)} ms each on average; a placement took ${((placeSeconds * 1000 * (CLIENTS_OVERRIDE || CLIENTS)) / BETS).toFixed(1)} ms on average`);
    console.log(`bets placed/s end to end (POST /api/bets -> sportsbook -> signed debit -> PAM ledger), ${CLIENTS} clients, ${PLAYERS} players: ${formatRate(BETS / placeSeconds)} (${BETS} in ${placeSeconds.toFixed(1)} s; not 201: ${refused})`);

    const settleStarted = Date.now();
    await catalogue.resultEvent(event.id, { halfTime: { home: 1, away: 0 }, fullTime: { home: 2, away: 1 } });
    const bookDb = book.db as unknown as import('../server/sportsbook/bets/tables').BetsDb;
    for (;;) {
      const pending = await bookDb.selectFrom('sportsbook.wallet_calls').select(({ fn }) => fn.countAll<number>().as('count')).where('state', '=', 'pending').executeTakeFirstOrThrow();
      if (Number(pending.count) === 0) break;
      await book.outbox.drainDue();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const settleSeconds = (Date.now() - settleStarted) / 1000;
    const crediting = walletStats(true);
    console.log(`  credits: ${crediting.calls} wallet calls, ${(crediting.ms / Math.max(1, crediting.calls)).toFixed(1)} ms each on average`);
    console.log(`settlement of ${BETS} open bets on one match, credits delivered: ${settleSeconds.toFixed(1)} s (target <= 60 s) ${settleSeconds <= 60 ? 'OK' : 'ABOVE TARGET'}`);

    const ours = await sql<{ open: number; paid: number; staked: number }>`
      SELECT count(*) FILTER (WHERE status IN ('open', 'pending'))::int AS open, coalesce(sum(returns), 0)::bigint AS paid, coalesce(sum(stake) FILTER (WHERE status IN ('won', 'lost', 'void')), 0)::bigint AS staked
      FROM sportsbook.bets`.execute(database.db);
    const theirs = await sql<{ open: number; paid: number; staked: number }>`
      SELECT count(*) FILTER (WHERE status = 'open')::int AS open, coalesce(sum(returned), 0)::bigint AS paid, coalesce(sum(staked - refunded), 0)::bigint AS staked FROM bets`.execute(database.db);
    const ledger = await sql<{ mismatches: number }>`
      SELECT count(*)::int AS mismatches FROM wallets w
      WHERE w.balance <> (SELECT coalesce(sum(amount), 0) FROM transactions t WHERE t.user_id = w.user_id)`.execute(database.db);
    const a = ours.rows[0]!;
    const b = theirs.rows[0]!;
    const differences = (a.open !== b.open ? 1 : 0) + (Number(a.paid) !== Number(b.paid) ? 1 : 0) + (Number(a.staked) !== Number(b.staked) ? 1 : 0) + ledger.rows[0]!.mismatches;
    console.log(`reconciliation: sportsbook open ${a.open} / paid ${a.paid} / staked ${a.staked}; PAM bets record open ${b.open} / paid ${b.paid} / staked ${b.staked}; ledger mismatches ${ledger.rows[0]!.mismatches}; differences ${differences} (target 0)`);
  });
}
