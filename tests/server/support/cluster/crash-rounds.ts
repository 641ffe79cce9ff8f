import type { Cluster, ServerProcess } from './cluster';
import type { MoneyWorkload } from './money-workload';

type Selection = { selectionId: string; price: { num: number; den: number } };

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** kill -9 one process and start it again (the sportsbook resumes its outbox and any unfinished settlement). */
async function crash(victim: ServerProcess): Promise<void> {
  await victim.kill();
  await victim.start();
}

/**
 * Bets flow from `clients` browsers; after `killAfterMs` the victim (the sportsbook mid-placement, or the PAM
 * mid-debit) is killed with SIGKILL and restarted; placing goes on for `afterMs` more, then every placement whose
 * answer was lost is sent again with its bet id.
 */
export async function placementRound(
  workload: MoneyWorkload,
  victim: ServerProcess,
  selections: Selection[],
  options: { clients: number; killAfterMs: number; afterMs: number },
): Promise<void> {
  let stop = false;
  const placing = workload.place(selections, options.clients, () => stop);
  await pause(options.killAfterMs);
  await crash(victim);
  await pause(options.afterMs);
  stop = true;
  await placing;
  await workload.resend();
}

/**
 * The operator settles a match; `killAfterMs` later the victim (the sportsbook mid-settlement, or the PAM while
 * credits arrive) is killed and restarted. A settlement the crash cut short before the result was stored is asked
 * for again, as an operator would.
 */
export async function settlementRound(
  workload: MoneyWorkload,
  cluster: Cluster,
  victim: ServerProcess,
  eventId: string,
  killAfterMs: number,
): Promise<void> {
  const settling = workload.settle(eventId);
  await pause(killAfterMs);
  await crash(victim);
  await settling;
  if (!(await workload.resolved(eventId))) await workload.settle(eventId);
  if (!(await workload.resolved(eventId)))
    throw new Error(
      `match ${eventId} still not settled after a second try (sportsbook ${cluster.sportsbook.running ? 'up' : 'down'})`,
    );
}
