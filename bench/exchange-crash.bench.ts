/**
 * `npm run bench -- exchange`, part (4): kill -9 rounds of the exchange. The exchange and the PAM as real processes
 * on a scratch PostgreSQL; each round customers place and cancel orders while the exchange is killed (SIGKILL) at a
 * random moment and started again, then the PAM likewise; at the end the match is settled while the exchange is
 * killed once more. Then, from outside: acknowledged orders lost, orders matched twice, and `npm run operator --
 * ex-reconcile` (holds against exposure and the PAM's postings, payments against holds less commission). Target: 0
 * of each. BENCH_EXCHANGE_CRASH_ROUNDS (default 3), BENCH_EXCHANGE_CRASH_CLIENTS (default 8).
 */
import { ExchangeCrashWorld } from '../tests/server/support/cluster/exchange-crash';
import { scratchDatabase } from './support';

const ROUNDS = Number(process.env.BENCH_EXCHANGE_CRASH_ROUNDS || 3);
const CLIENTS = Number(process.env.BENCH_EXCHANGE_CRASH_CLIENTS || 8);
const between = (low: number, high: number) => Math.round(low + Math.random() * (high - low));

export default async function run(): Promise<void> {
  const scratch = await scratchDatabase('bench_exchange_crash');
  let world: ExchangeCrashWorld | undefined;
  const started = Date.now();
  try {
    world = await ExchangeCrashWorld.create(scratch.url, CLIENTS);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const victim of [world.exchange, world.pam])
        await world.killRound(victim, {
          clients: CLIENTS,
          killAfterMs: between(300, 2_500),
          downMs: between(100, 1_000),
          afterMs: between(500, 1_500),
        });
      console.log(
        `  round ${round}: ${world.outcomes.size} orders answered so far, ${world.exchange.kills} exchange and ${world.pam.kills} PAM kills`,
      );
    }
    world.finish({ home: 1, away: 1 });
    await world.killRound(world.exchange, { clients: 0, killAfterMs: between(0, 400), downMs: 100, afterMs: 500 });
    await world.settleDown(120_000);
    const verdict = await world.verify();
    const reconcile = world.reconcile();
    const differences = reconcile.report.differences.length + reconcile.report.pending.length;
    const failures = verdict.lost.length + verdict.matchedTwice.length + differences;
    console.log(
      `exchange crash run: ${ROUNDS} rounds in ${((Date.now() - started) / 1000).toFixed(0)} s; ${world.outcomes.size} orders answered (${verdict.acknowledged} acknowledged), ${world.cancels} cancels; kills: ${world.exchange.kills} exchange, ${world.pam.kills} PAM`,
    );
    console.log(
      `  acknowledged orders lost ${verdict.lost.length}, orders matched twice ${verdict.matchedTwice.length}, reconcile differences ${differences} (exit ${reconcile.status}) (target 0 each) ${failures === 0 ? 'OK' : 'FAILED'}`,
    );
    if (failures > 0) console.log(reconcile.output.slice(0, 4_000));
  } finally {
    await world?.close();
    await scratch.drop();
  }
}
