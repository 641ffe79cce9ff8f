import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../../../server/platform/db/database';
import type { Database } from '../../../../server/db/schema';
import { hashPassword } from '../../../../server/modules/auth/passwords';
import { sendOperatorCommand } from '../../../../server/platform/operator/socket';
import { marketIdOf, selectionIdOf } from '../../../../server/sportsbook/catalogue/ids';
import { Reconciler, type ReconciliationReport } from '../../../../server/sportsbook/reconciliation/reconciler';
import { WalletClient } from '../../../../server/sportsbook/wallet-client';
import type { BetsDb } from '../../../../server/sportsbook/bets/tables';
import { systemClock } from '../../../../server/platform/clock';
import { LAUNCH_FRAGMENT_KEY } from '../../../../src/contract/games';
import type { EventResponse, EventsResponse } from '../../../../src/contract/sportsbook';
import { CLUSTER_SECRETS, type Cluster } from './cluster';

/**
 * Money traffic against a real cluster, as browsers make it, for the crash tests: players placing singles (a
 * placement whose answer was lost to a crash is sent again with the same bet id, as the frame does), matches
 * settled by the operator, and afterwards the proof: the outbox drained, the reconciliation clean, every balance
 * the sum of its postings, no bet paid twice, no accepted stake lost.
 */
export interface Player {
  userId: number;
  email: string;
  sessionToken: string;
}

type Outcome = 'accepted' | 'pending' | 'refused';

interface Attempt {
  body: {
    betId: string;
    kind: 'single';
    stake: number;
    selections: Array<{ selectionId: string; price: { num: number; den: number } }>;
    acceptPriceChanges: true;
  };
  player: Player;
}

export interface Verdict {
  differences: number;
  pending: number;
  balanceMismatches: number;
  paidTwice: number;
  stakesLost: number;
  stuckBets: number;
  report: ReconciliationReport;
}

const PASSWORD = 'Crash-test-12345';
const OPENING = 10_000_000;

export class MoneyWorkload {
  readonly outcomes = new Map<string, Outcome>();
  /** Placements sent whose answer never came (the sportsbook died, the connection dropped): sent again later. */
  private readonly unanswered = new Map<string, Attempt>();
  placements = 0;
  settlements = 0;

  private constructor(
    private readonly cluster: Cluster,
    readonly observer: DatabaseHandle<Database>,
    readonly players: Player[],
  ) {}

  /** Verified, funded players (one Adjustment posting each), signed in at the PAM and launched into the sportsbook. */
  static async create(cluster: Cluster, databaseUrl: string, playerCount: number): Promise<MoneyWorkload> {
    const observer = await openDatabase<Database>({ url: databaseUrl, poolSize: 4 });
    const hash = await hashPassword(PASSWORD);
    const now = new Date();
    const tag = randomUUID().slice(0, 8);
    const players: Player[] = [];
    for (let n = 0; n < playerCount; n++) {
      const email = `crash-${tag}-${n}@example.com`;
      const { rows } = await sql<{ id: number }>`
        INSERT INTO users (email, password_hash, first_name, last_name, date_of_birth, phone, verification_status, created_at, updated_at)
        VALUES (${email}, ${hash}, 'Crash', 'Tester', '1990-01-01', '+447700900000', 'passed', ${now}, ${now}) RETURNING id`.execute(
        observer.db,
      );
      const userId = rows[0]!.id;
      await sql`INSERT INTO wallets (user_id, balance, updated_at) VALUES (${userId}, ${OPENING}, ${now})`.execute(
        observer.db,
      );
      await sql`INSERT INTO transactions (user_id, created_at, amount, balance_out, kind, vertical, reference) VALUES (${userId}, ${now}, ${OPENING}, ${OPENING}, 'Adjustment', 'wallet', 'opening balance')`.execute(
        observer.db,
      );
      players.push({ userId, email, sessionToken: await launch(cluster, email) });
    }
    return new MoneyWorkload(cluster, observer, players);
  }

  /** Upcoming matches furthest from kick-off (they stay open to bets through the test), with their match-result selections. */
  async markets(
    count: number,
  ): Promise<
    Array<{ eventId: string; selections: Array<{ selectionId: string; price: { num: number; den: number } }> }>
  > {
    const book = this.cluster.sportsbook.url;
    const { events } = (await (await fetch(`${book}/api/events?status=upcoming`)).json()) as EventsResponse;
    const chosen = events
      .filter((event) => event.status === 'scheduled')
      .sort((a, b) => Date.parse(b.kickoffAt) - Date.parse(a.kickoffAt))
      .slice(0, count);
    if (chosen.length < count) throw new Error(`only ${chosen.length} upcoming matches`);
    return Promise.all(
      chosen.map(async (event) => {
        const detail = (await (await fetch(`${book}/api/events/${event.id}`)).json()) as EventResponse;
        const marketId = marketIdOf(event.id, 'match-result');
        const market = detail.markets.find((m) => m.id === marketId)!;
        return {
          eventId: event.id,
          selections: ['home', 'draw', 'away'].map((key) => ({
            selectionId: selectionIdOf(marketId, key),
            price: market.selections.find((s) => s.id === selectionIdOf(marketId, key))!.price!,
          })),
        };
      }),
    );
  }

  /** `clients` placing bets on these selections until `until()` says stop; an unanswered placement is kept to send again. */
  async place(
    selections: Array<{ selectionId: string; price: { num: number; den: number } }>,
    clients: number,
    until: () => boolean,
  ): Promise<void> {
    let n = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (!until()) {
          const index = n++;
          const player = this.players[index % this.players.length]!;
          const selection = selections[index % selections.length]!;
          const attempt: Attempt = {
            player,
            body: {
              betId: randomUUID(),
              kind: 'single',
              stake: 100 + (index % 7) * 50,
              selections: [selection],
              acceptPriceChanges: true,
            },
          };
          this.placements++;
          // A browser whose placement got no answer sends the same bet again until it gets one.
          while (!(await this.send(attempt)) && !until()) await new Promise((done) => setTimeout(done, 100));
        }
      }),
    );
  }

  /** Sends every placement whose answer was lost again, with the same bet id, until each has an answer. */
  async resend(timeoutMs = 30_000): Promise<void> {
    const started = Date.now();
    while (this.unanswered.size > 0) {
      for (const attempt of [...this.unanswered.values()]) await this.send(attempt);
      if (this.unanswered.size === 0) return;
      if (Date.now() - started > timeoutMs) throw new Error(`${this.unanswered.size} placements never answered`);
      await new Promise((done) => setTimeout(done, 200));
    }
  }

  /** The operator settles a match through the sportsbook's operator socket; undefined if the sportsbook died meanwhile. */
  async settle(eventId: string): Promise<boolean> {
    this.settlements++;
    try {
      const answer = await sendOperatorCommand(
        this.cluster.sportsbook.dataDir,
        'sb-settle',
        [eventId, '2-1', '1-0'],
        'sportsbook',
      );
      return answer.status === 200;
    } catch {
      return false;
    }
  }

  /** Whether the sportsbook holds the match as resolved (its resolutions stored). */
  async resolved(eventId: string): Promise<boolean> {
    const { rows } = await sql<{
      count: number;
    }>`SELECT count(*)::int AS count FROM sportsbook.market_resolutions WHERE event_id = ${eventId}`.execute(
      this.observer.db,
    );
    return rows[0]!.count > 0;
  }

  /** Waits until no wallet call is in flight and no bet is pending. */
  async drained(timeoutMs = 60_000): Promise<void> {
    const started = Date.now();
    for (;;) {
      const { rows } = await sql<{ calls: number; bets: number }>`
        SELECT (SELECT count(*)::int FROM sportsbook.wallet_calls WHERE state = 'pending') AS calls,
               (SELECT count(*)::int FROM sportsbook.bets WHERE status = 'pending') AS bets`.execute(this.observer.db);
      if (rows[0]!.calls === 0 && rows[0]!.bets === 0) return;
      if (Date.now() - started > timeoutMs)
        throw new Error(`outbox not drained: ${rows[0]!.calls} calls, ${rows[0]!.bets} bets pending`);
      await new Promise((done) => setTimeout(done, 200));
    }
  }

  /** The proof, from outside both services: the reconciliation through the PAM's API, and the ledger's own sums. */
  async verify(settledEvents: string[]): Promise<Verdict> {
    const wallet = new WalletClient({
      pamUrl: this.cluster.pam.url,
      secret: CLUSTER_SECRETS.SPORTSBOOK_SECRET,
      clock: systemClock,
      timeoutMs: 30_000,
    });
    const report = await new Reconciler(this.observer.db as unknown as BetsDb, wallet, systemClock).run();
    const db = this.observer.db;
    const balances = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM wallets w WHERE w.balance <> (SELECT coalesce(sum(amount), 0) FROM transactions t WHERE t.user_id = w.user_id)`.execute(
      db,
    );
    const twice = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM (SELECT bet_id FROM transactions WHERE kind IN ('Returns', 'Stake') GROUP BY bet_id, kind HAVING count(*) > 1) AS doubled`.execute(
      db,
    );
    const accepted = [...this.outcomes].filter(([, outcome]) => outcome === 'accepted').map(([betId]) => betId);
    let stakesLost = 0;
    for (let start = 0; start < accepted.length; start += 1_000) {
      const ids = accepted.slice(start, start + 1_000);
      const { rows } = await sql<{ count: number }>`
        SELECT count(*)::int AS count FROM unnest(${ids}::text[]) AS a(bet_id)
         WHERE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.bet_id = a.bet_id AND t.kind = 'Stake')
            OR NOT EXISTS (SELECT 1 FROM sportsbook.bets b WHERE b.id = a.bet_id::uuid AND b.status IN ('open', 'won', 'lost', 'void'))`.execute(
        db,
      );
      stakesLost += rows[0]!.count;
    }
    const stuck =
      settledEvents.length === 0
        ? { rows: [{ count: 0 }] }
        : await sql<{ count: number }>`
            SELECT count(DISTINCT b.id)::int AS count FROM sportsbook.bets b JOIN sportsbook.bet_legs l ON l.bet_id = b.id
             WHERE l.event_id = ANY(${settledEvents}::text[]) AND b.status IN ('open', 'pending')`.execute(db);
    return {
      differences: report.differences.length,
      pending: report.pending.length,
      balanceMismatches: balances.rows[0]!.count,
      paidTwice: twice.rows[0]!.count,
      stakesLost,
      stuckBets: stuck.rows[0]!.count,
      report,
    };
  }

  async close(): Promise<void> {
    await this.observer.close();
  }

  /** One placement; false when no answer came (kept for resend). */
  private async send(attempt: Attempt): Promise<boolean> {
    try {
      const response = await fetch(`${this.cluster.sportsbook.url}/api/bets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${attempt.player.sessionToken}` },
        body: JSON.stringify(attempt.body),
        signal: AbortSignal.timeout(15_000),
      });
      await response.text();
      if (response.status >= 500) throw new Error(`HTTP ${response.status}`);
      this.unanswered.delete(attempt.body.betId);
      this.outcomes.set(
        attempt.body.betId,
        response.status === 201 ? 'accepted' : response.status === 202 ? 'pending' : 'refused',
      );
      return true;
    } catch {
      this.unanswered.set(attempt.body.betId, attempt);
      return false;
    }
  }
}

/** Signs in at the PAM and trades a launch token for a sportsbook session, as the app and the frame do. */
async function launch(cluster: Cluster, email: string): Promise<string> {
  const login = await fetch(`${cluster.pam.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const games = (await (
    await fetch(`${cluster.pam.url}/games/iqs`, { headers: { authorization: `Bearer ${accessToken}` } })
  ).json()) as { url: string };
  const launchToken = new URLSearchParams(new URL(games.url).hash.slice(1)).get(LAUNCH_FRAGMENT_KEY);
  const session = await fetch(`${cluster.sportsbook.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ launchToken }),
  });
  if (session.status !== 200) throw new Error(`launch failed: ${session.status} ${await session.text()}`);
  return ((await session.json()) as { sessionToken: string }).sessionToken;
}
