import type { FastifyBaseLogger } from 'fastify';
import type { SportsbookServices } from '../services';

/**
 * The reconciliation on a timer inside the sportsbook: every interval it looks back twice as far (so a run that
 * failed or a bet settled late is still covered) and logs each difference as an error, pending bets as info.
 */
export function startScheduledReconciliation(
  services: Pick<SportsbookServices, 'reconciliation'>,
  intervalMs: number,
  logger: () => FastifyBaseLogger | undefined,
): void {
  services.reconciliation.start(
    intervalMs,
    2 * intervalMs,
    (report) => {
      const log = logger();
      for (const difference of report.differences)
        log?.error({ reconciliation: difference }, `reconciliation difference: ${difference.kind}`);
      log?.info(
        {
          bets: report.bets,
          pending: report.pending.length,
          differences: report.differences.length,
          since: report.since,
        },
        'reconciliation with the PAM done',
      );
    },
    (error) => logger()?.error({ err: error }, 'reconciliation with the PAM failed'),
  );
}
