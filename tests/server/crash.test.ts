/**
 * Crash tests (issue 14), short: the PAM (server/main.ts) and a sportsbook as real child processes on a scratch
 * PostgreSQL, each killed with SIGKILL mid-way through moving money and restarted; then the outbox drains and the
 * books must agree to the penny. PostgreSQL at TEST_DATABASE_URL, else the local one at 127.0.0.1:5432 (child
 * processes cannot share PGlite). The long run is `npm run bench -- crash`.
 */
import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../server/platform/db/scratch-database';
import { Cluster, CLUSTER_SECRETS } from './support/cluster/cluster';
import { MoneyWorkload } from './support/cluster/money-workload';
import { placementRound, settlementRound } from './support/cluster/crash-rounds';

const SERVER_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

describe('money survives kill -9 of either service [postgres, real processes]', () => {
  let scratch: ScratchDatabase;
  let cluster: Cluster;
  let workload: MoneyWorkload;
  let markets: Awaited<ReturnType<MoneyWorkload['markets']>>;

  beforeAll(async () => {
    scratch = await createScratchDatabase(SERVER_URL, 'bx_crash');
    cluster = await Cluster.create({ databaseUrl: scratch.url });
    await cluster.start();
    workload = await MoneyWorkload.create(cluster, scratch.url, 6);
    markets = await workload.markets(3);
  }, 90_000);

  afterAll(async () => {
    await workload?.close();
    await cluster?.stop();
    await scratch?.drop();
  }, 30_000);

  const expectClean = async (settled: string[]) => {
    await workload.drained(30_000);
    const verdict = await workload.verify(settled);
    expect(verdict.report.differences).toEqual([]);
    expect(verdict).toMatchObject({
      differences: 0,
      pending: 0,
      balanceMismatches: 0,
      paidTwice: 0,
      stakesLost: 0,
      stuckBets: 0,
    });
    return verdict;
  };

  it('kill -9 of the sportsbook during placement, and of the PAM during debits: every accepted stake taken once, none lost', async () => {
    const selections = markets.flatMap((market) => market.selections);
    await placementRound(workload, cluster.sportsbook, selections, { clients: 6, killAfterMs: 1_200, afterMs: 800 });
    await placementRound(workload, cluster.pam, selections, { clients: 6, killAfterMs: 1_200, afterMs: 800 });
    expect(cluster.sportsbook.kills + cluster.pam.kills).toBe(2);
    const accepted = [...workload.outcomes.values()].filter((outcome) => outcome === 'accepted').length;
    expect(accepted).toBeGreaterThan(20);
    const verdict = await expectClean([]);
    expect(verdict.report.bets).toBeGreaterThanOrEqual(accepted);
  }, 120_000);

  it('kill -9 of the sportsbook during settlement, and of the PAM during credits: every bet paid once', async () => {
    const [first, second] = markets;
    await settlementRound(workload, cluster, cluster.sportsbook, first!.eventId, 150);
    await settlementRound(workload, cluster, cluster.pam, second!.eventId, 150);
    await expectClean([first!.eventId, second!.eventId]);
  }, 120_000);

  /** `npm run operator -- reconcile` as the operator runs it: its exit code and what it printed. */
  const reconcileCommand = (env: Record<string, string>) => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/operator.ts', 'reconcile'], {
      env: { ...process.env, ...CLUSTER_SECRETS, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  };

  it('npm run operator -- reconcile: clean exits 0; a difference made on purpose is printed and exits 1, through the sportsbook or without it', async () => {
    const clean = reconcileCommand({ DATA_DIR: cluster.sportsbook.dataDir });
    expect(clean.output).toContain('"differences": []');
    expect(clean.status).toBe(0);
    const { rows } = await sql<{
      id: string;
      stake: number;
    }>`SELECT id, stake FROM sportsbook.bets WHERE status = 'won' LIMIT 1`.execute(workload.observer.db);
    const bet = rows[0]!;
    await sql`UPDATE sportsbook.bets SET stake = stake + 1 WHERE id = ${bet.id}`.execute(workload.observer.db);
    await sql`UPDATE sportsbook.wallet_calls SET body = jsonb_set(body, '{amount}', to_jsonb((body->>'amount')::int + 1)) WHERE id = ${`debit:${bet.id}`}`.execute(
      workload.observer.db,
    );
    try {
      const through = reconcileCommand({ DATA_DIR: cluster.sportsbook.dataDir });
      expect(through.status).toBe(1);
      expect(through.output).toContain('"kind": "amount-mismatch"');
      expect(through.output).toContain(bet.id);
      const alone = reconcileCommand({
        DATA_DIR: cluster.pam.dataDir,
        DATABASE_URL: cluster.sportsbook.env.DATABASE_URL!,
        PAM_URL: cluster.pam.url,
      });
      expect(alone.status).toBe(1);
      expect(alone.output).toContain(bet.id);
    } finally {
      await sql`UPDATE sportsbook.bets SET stake = stake - 1 WHERE id = ${bet.id}`.execute(workload.observer.db);
      await sql`UPDATE sportsbook.wallet_calls SET body = jsonb_set(body, '{amount}', to_jsonb((body->>'amount')::int - 1)) WHERE id = ${`debit:${bet.id}`}`.execute(
        workload.observer.db,
      );
    }
  }, 120_000);
});
