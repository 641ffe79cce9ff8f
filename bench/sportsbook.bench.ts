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
import { Agent } from 'node:http';
import { request as httpRequest } from 'node:http';
import { buildApp } from '../server/app';
import { hashPassword } from '../server/modules/auth/passwords';
import { migrateSportsbook } from '../server/sportsbook/db/migrate';
import { sportsbookDb } from '../server/sportsbook/db/schema';
import { createSportsbookServices } from '../server/sportsbook/services';
import { buildSportsbookApp } from '../server/sportsbook/app';
import { marketIdOf, selectionIdOf } from '../server/sportsbook/catalogue/ids';
import { systemClock } from '../server/clock';
import { LAUNCH_FRAGMENT_KEY } from '../src/contract/games';
import { benchServices, formatRate } from './support';

const BETS = Number(process.env.BENCH_SPORTSBOOK_BETS || 50_000);
const PLAYERS = 200;
const CLIENTS = 32;
const STAKE = 100;
const OPENING_BALANCE = 10_000_000;
const SECRET = 'bench-sportsbook-secret';

const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });

/** A small JSON POST on a kept-alive connection (fetch's pool is tuned for browsers' patterns, this for load). */
function post(url: string, body: unknown, token?: string): Promise<{ status: number; body: string }> {
  const raw = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(raw), ...(token ? { authorization: `Bearer ${token}` } : {}) } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(raw);
  });
}

export default async function run(): Promise<void> {
  const { database, services, close } = await benchServices('bench_sportsbook', { poolSize: 20, providerSecret: 'bench-provider-secret' });
  const pam = await buildApp({ services });
  let sportsbook: Awaited<ReturnType<typeof buildSportsbookApp>> | undefined;
  let book: ReturnType<typeof createSportsbookServices> | undefined;
  try {
    await pam.listen({ port: 0, host: '127.0.0.1' });
    const pamAddress = pam.server.address();
    const pamUrl = `http://127.0.0.1:${typeof pamAddress === 'object' && pamAddress ? pamAddress.port : 0}`;
    const db = sportsbookDb(database);
    await migrateSportsbook(db);
    book = createSportsbookServices({
      db,
      clock: systemClock,
      config: { publicUrl: 'http://127.0.0.1', sportsbookUrl: 'http://127.0.0.1:8100', pamUrl, secrets: { jwtSecret: 'x', providerSecret: 'x', operatorKey: 'bench', sportsbookSecret: SECRET }, clockSpeed: 9, goalSuspensionMs: 5_000 },
    });
    await book.feed.seedWorld();
    await book.catalogue.load();
    await book.feed.tick();
    await book.feed.idle();
    book.outbox.start(200);
    sportsbook = await buildSportsbookApp({ services: book });
    await sportsbook.listen({ port: 0, host: '127.0.0.1' });
    const bookAddress = sportsbook.server.address();
    const bookUrl = `http://127.0.0.1:${typeof bookAddress === 'object' && bookAddress ? bookAddress.port : 0}`;

    // Players: verified, funded through the ledger (one Adjustment each), signed in and launched for real.
    const now = new Date();
    const hash = await hashPassword('Password123');
    await sql`
      INSERT INTO users (email, password_hash, first_name, last_name, date_of_birth, phone, verification_status, created_at, updated_at)
      SELECT 'punter' || n || '@example.com', ${hash}, 'Bench', 'Punter', '1990-01-01', '+447700900000', 'passed', ${now}, ${now}
      FROM generate_series(1, ${PLAYERS}) AS n`.execute(database.db);
    await sql`INSERT INTO wallets (user_id, balance, updated_at) SELECT id, ${OPENING_BALANCE}, ${now} FROM users`.execute(database.db);
    await sql`INSERT INTO transactions (user_id, created_at, amount, balance_out, kind, vertical, reference) SELECT id, ${now}, ${OPENING_BALANCE}, ${OPENING_BALANCE}, 'Adjustment', 'wallet', 'opening balance' FROM users`.execute(database.db);
    const tokens: string[] = [];
    for (let n = 1; n <= PLAYERS; n++) {
      const { accessToken } = await services.auth.login({ email: `punter${n}@example.com`, password: 'Password123' }, '127.0.0.1');
      const launch = (await (await fetch(`${pamUrl}/games/iqs`, { headers: { authorization: `Bearer ${accessToken}` } })).json()) as { url: string };
      const launchToken = new URLSearchParams(new URL(launch.url).hash.slice(1)).get(LAUNCH_FRAGMENT_KEY);
      const session = await post(`${bookUrl}/api/session`, { launchToken });
      if (session.status !== 200) throw new Error(`launch failed: ${session.body}`);
      tokens.push((JSON.parse(session.body) as { sessionToken: string }).sessionToken);
    }

    const event = book.catalogue.records().filter((record) => record.status === 'scheduled').sort((a, b) => b.kickoffAt.getTime() - a.kickoffAt.getTime())[0]!;
    const selections = ['home', 'draw', 'away'].map((key) => selectionIdOf(marketIdOf(event.id, 'match-result'), key));
    const catalogue = book.catalogue;

    let next = 0;
    let refused = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
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
  } finally {
    await book?.runner.stop();
    book?.bets.close();
    await book?.outbox.stop();
    await sportsbook?.close();
    await pam.close();
    agent.destroy();
    await close();
  }
}
