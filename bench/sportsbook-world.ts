/**
 * The real PAM and the real sportsbook on one scratch PostgreSQL, both listening on 127.0.0.1, with funded players
 * signed in and launched for real: what the sportsbook benches (bets, cash out) drive over HTTP.
 */
import { sql } from 'kysely';
import { Agent, request as httpRequest } from 'node:http';
import { buildApp } from '../server/app';
import { hashPassword } from '../server/modules/auth/passwords';
import { migrateSportsbook } from '../server/sportsbook/db/migrate';
import { sportsbookDb } from '../server/sportsbook/db/schema';
import {
  createSportsbookServices,
  type SportsbookServiceDeps,
  type SportsbookServices,
} from '../server/sportsbook/services';
import { buildSportsbookApp } from '../server/sportsbook/app';
import { systemClock } from '../server/platform/clock';
import { LAUNCH_FRAGMENT_KEY } from '../src/contract/games';
import { benchServices, type BenchServices } from './support';

const SECRET = 'bench-sportsbook-secret';

export interface SportsbookWorld extends BenchServices {
  book: SportsbookServices;
  bookUrl: string;
  /** One sportsbook session token per player, in order. */
  tokens: string[];
  /** A small JSON POST on a kept-alive connection (fetch's pool is tuned for browsers' patterns, this for load). */
  post(url: string, body: unknown, token?: string): Promise<{ status: number; body: string }>;
  /** Wallet calls made since the last reset, and their total time. */
  walletStats(reset?: boolean): { calls: number; ms: number };
}

export async function startSportsbookWorld(
  prefix: string,
  options: {
    players: number;
    openingBalance: number;
    maxSockets: number;
    config?: Partial<SportsbookServiceDeps['config']>;
  },
  work: (world: SportsbookWorld) => Promise<void>,
): Promise<void> {
  const bench = await benchServices(prefix, { poolSize: 20, providerSecret: 'bench-provider-secret' });
  const { database, services } = bench;
  const pam = await buildApp({ services });
  const agent = new Agent({ keepAlive: true, maxSockets: options.maxSockets });
  const post = jsonPoster(agent);
  let walletMs = 0;
  let walletCalls = 0;
  let sportsbook: Awaited<ReturnType<typeof buildSportsbookApp>> | undefined;
  let book: SportsbookServices | undefined;
  try {
    await pam.listen({ port: 0, host: '127.0.0.1' });
    const pamAddress = pam.server.address();
    const pamUrl = `http://127.0.0.1:${typeof pamAddress === 'object' && pamAddress ? pamAddress.port : 0}`;
    const db = sportsbookDb(database);
    await migrateSportsbook(db);
    book = createSportsbookServices({
      walletFetch: async (input, init) => {
        const at = performance.now();
        try {
          return await fetch(input, init);
        } finally {
          walletMs += performance.now() - at;
          walletCalls++;
        }
      },
      db,
      rateLimits: { launch: { max: 10_000, timeWindow: 60_000 } },
      clock: systemClock,
      config: {
        publicUrl: 'http://127.0.0.1',
        sportsbookUrl: 'http://127.0.0.1:8100',
        pamUrl,
        secrets: {
          jwtSecret: 'x',
          providerSecret: 'x',
          operatorKey: 'bench',
          sportsbookSecret: SECRET,
          exchangeSecret: 'x',
        },
        clockSpeed: 9,
        goalSuspensionMs: 5_000,
        ...options.config,
      },
    });
    const bookUrl = await listenBook(book, (app) => (sportsbook = app));
    const tokens = await fundAndLaunchPlayers({
      ...bench,
      pamUrl,
      bookUrl,
      post,
      players: options.players,
      openingBalance: options.openingBalance,
    });
    const walletStats = (reset = false) => {
      const stats = { calls: walletCalls, ms: walletMs };
      if (reset) walletCalls = walletMs = 0;
      return stats;
    };
    await work({ ...bench, book, bookUrl, tokens, post, walletStats });
  } finally {
    await book?.runner.stop();
    book?.bets.close();
    await book?.outbox.stop();
    await sportsbook?.close();
    await pam.close();
    agent.destroy();
    await bench.close();
  }
}

/** Starts the feed once, the outbox, and the sportsbook's HTTP app on a free port; answers its URL. */
export async function listenBook(
  book: SportsbookServices,
  started: (app: Awaited<ReturnType<typeof buildSportsbookApp>>) => void,
): Promise<string> {
  await book.feed.seedWorld();
  await book.catalogue.load();
  await book.feed.tick();
  await book.feed.idle();
  book.outbox.start(200);
  const app = await buildSportsbookApp({ services: book });
  started(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** Players: verified, funded through the ledger (one Adjustment each), signed in and launched for real. Answers their session tokens. */
export async function fundAndLaunchPlayers(
  world: Pick<BenchServices, 'database' | 'services'> & {
    pamUrl: string;
    bookUrl: string;
    post: SportsbookWorld['post'];
    players: number;
    openingBalance: number;
    /** The PAM's launch of the service the players open (the sportsbook's unless told: the exchange's /games/p2p). */
    launchPath?: string;
  },
): Promise<string[]> {
  const { database, services, pamUrl, bookUrl, post, players, openingBalance, launchPath = '/games/iqs' } = world;
  const now = new Date();
  const hash = await hashPassword('Password123');
  await sql`
    INSERT INTO users (email, password_hash, first_name, last_name, date_of_birth, phone, verification_status, created_at, updated_at)
    SELECT 'punter' || n || '@example.com', ${hash}, 'Bench', 'Punter', '1990-01-01', '+447700900000', 'passed', ${now}, ${now}
    FROM generate_series(1, ${players}) AS n`.execute(database.db);
  await sql`INSERT INTO wallets (user_id, balance, updated_at) SELECT id, ${openingBalance}, ${now} FROM users`.execute(
    database.db,
  );
  await sql`INSERT INTO transactions (user_id, created_at, amount, balance_out, kind, vertical, reference) SELECT id, ${now}, ${openingBalance}, ${openingBalance}, 'Adjustment', 'wallet', 'opening balance' FROM users`.execute(
    database.db,
  );
  const tokens: string[] = [];
  for (let n = 1; n <= players; n++) {
    const { accessToken } = await services.auth.login(
      { email: `punter${n}@example.com`, password: 'Password123' },
      '127.0.0.1',
    );
    const launch = (await (
      await fetch(`${pamUrl}${launchPath}`, { headers: { authorization: `Bearer ${accessToken}` } })
    ).json()) as { url: string };
    const launchToken = new URLSearchParams(new URL(launch.url).hash.slice(1)).get(LAUNCH_FRAGMENT_KEY);
    const session = await post(`${bookUrl}/api/session`, { launchToken });
    if (session.status !== 200) throw new Error(`launch failed: ${session.body}`);
    tokens.push((JSON.parse(session.body) as { sessionToken: string }).sessionToken);
  }
  return tokens;
}

/** A small JSON POST on a kept-alive connection (fetch's pool is tuned for browsers' patterns, this for load). */
export function jsonPoster(agent: Agent): SportsbookWorld['post'] {
  return (url, body, token) => {
    const raw = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(raw),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(raw);
    });
  };
}
