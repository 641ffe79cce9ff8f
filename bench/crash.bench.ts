/**
 * `npm run bench -- crash`: the long crash run (issue 14). The PAM and a sportsbook as real processes on a scratch
 * PostgreSQL; each round bets flow while the sportsbook is killed (SIGKILL) mid-placement and the PAM mid-debit, then
 * one match is settled while the sportsbook is killed and another while the PAM is killed mid-credits, each at a
 * random moment. After the last round the outbox drains and the books are checked from outside: reconciliation
 * differences, balances that are not the sum of their postings, bets paid twice, accepted stakes lost. Target: 0 of each.
 * BENCH_CRASH_ROUNDS (default 4), BENCH_CRASH_CLIENTS (default 12).
 */
import { Cluster } from '../tests/server/support/cluster/cluster';
import { MoneyWorkload } from '../tests/server/support/cluster/money-workload';
import { placementRound, settlementRound } from '../tests/server/support/cluster/crash-rounds';
import { scratchDatabase } from './support';

const ROUNDS = Number(process.env.BENCH_CRASH_ROUNDS || 4);
const CLIENTS = Number(process.env.BENCH_CRASH_CLIENTS || 12);
const between = (low: number, high: number) => Math.round(low + Math.random() * (high - low));

export default async function run(): Promise<void> {
  const scratch = await scratchDatabase('bench_crash');
  const cluster = await Cluster.create({ databaseUrl: scratch.url });
  let workload: MoneyWorkload | undefined;
  const started = Date.now();
  try {
    await cluster.start();
    workload = await MoneyWorkload.create(cluster, scratch.url, 20);
    const settled: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const [first, second] = await workload.markets(2);
      const selections = [...first!.selections, ...second!.selections];
      await placementRound(workload, cluster.sportsbook, selections, {
        clients: CLIENTS,
        killAfterMs: between(300, 2_500),
        afterMs: between(500, 1_500),
      });
      await placementRound(workload, cluster.pam, selections, {
        clients: CLIENTS,
        killAfterMs: between(300, 2_500),
        afterMs: between(500, 1_500),
      });
      await settlementRound(workload, cluster, cluster.sportsbook, first!.eventId, between(0, 400));
      await settlementRound(workload, cluster, cluster.pam, second!.eventId, between(0, 400));
      settled.push(first!.eventId, second!.eventId);
      console.log(
        `  round ${round}: ${workload.outcomes.size} placements answered so far, ${cluster.sportsbook.kills + cluster.pam.kills} kills`,
      );
    }
    await workload.drained(120_000);
    const verdict = await workload.verify(settled);
    const counts = { accepted: 0, pending: 0, refused: 0 };
    for (const outcome of workload.outcomes.values()) counts[outcome]++;
    console.log(
      `crash run: ${ROUNDS} rounds in ${((Date.now() - started) / 1000).toFixed(0)} s; operations: ${workload.outcomes.size} placements answered (${counts.accepted} accepted, ${counts.pending} pending at first, ${counts.refused} refused), ${workload.settlements} settlement commands over ${settled.length} matches; kills: ${cluster.sportsbook.kills} sportsbook, ${cluster.pam.kills} PAM`,
    );
    console.log(
      `  bets reconciled ${verdict.report.bets}; differences ${verdict.differences}, pending ${verdict.pending}, balances not the sum of their postings ${verdict.balanceMismatches}, bets paid twice ${verdict.paidTwice}, accepted stakes lost ${verdict.stakesLost}, bets left open on settled matches ${verdict.stuckBets} (target 0 each) ${verdict.differences + verdict.pending + verdict.balanceMismatches + verdict.paidTwice + verdict.stakesLost + verdict.stuckBets === 0 ? 'OK' : 'FAILED'}`,
    );
    for (const difference of verdict.report.differences.slice(0, 20))
      console.log(
        `  ${difference.kind} ${difference.betId ?? ''} player ${difference.playerId}: ${difference.message}`,
      );
  } finally {
    await workload?.close();
    await cluster.stop();
    await scratch.drop();
  }
}
