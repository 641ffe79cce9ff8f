/**
 * Crash tests (issue 14), short: the PAM (server/main.ts) and a sportsbook as real child processes on a scratch
 * PostgreSQL, each killed with SIGKILL mid-way through moving money and restarted; then the outbox drains and the
 * books must agree to the penny. PostgreSQL at TEST_DATABASE_URL, else the local one at 127.0.0.1:5432 (child
 * processes cannot share PGlite). The long run is `npm run bench -- crash`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../server/db/scratch-database';
import { Cluster } from './support/cluster/cluster';
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
    expect(verdict).toMatchObject({ differences: 0, pending: 0, balanceMismatches: 0, paidTwice: 0, stakesLost: 0, stuckBets: 0 });
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
  }, 60_000);

  it('kill -9 of the sportsbook during settlement, and of the PAM during credits: every bet paid once', async () => {
    const [first, second] = markets;
    await settlementRound(workload, cluster, cluster.sportsbook, first!.eventId, 150);
    await settlementRound(workload, cluster, cluster.pam, second!.eventId, 150);
    await expectClean([first!.eventId, second!.eventId]);
  }, 60_000);
});
