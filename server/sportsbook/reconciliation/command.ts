import { badRequest } from '../../platform/errors';
import type { SportsbookOperatorCommand } from '../operator/command';
import type { ReconciliationReport } from './reconciler';

const RECONCILE_USAGE = 'reconcile [--since <ISO date, e.g. 2026-11-25T00:00:00Z>]';

/** `--since <ISO date>` (or nothing: every bet). */
export function parseReconcileArgs(args: string[]): { since?: Date } {
  if (args.length === 0) return {};
  if (args.length !== 2 || args[0] !== '--since') throw badRequest(`Usage: ${RECONCILE_USAGE}`);
  const since = new Date(args[1]!);
  if (!/^\d{4}-\d{2}-\d{2}/.test(args[1]!) || Number.isNaN(since.getTime()))
    throw badRequest(`Not a date: ${args[1]} (write it like 2026-11-25 or 2026-11-25T14:00:00Z)`);
  return { since };
}

/** The command line exits non-zero when a reconciliation found a difference. */
export const reconciliationFailed = (result: unknown): boolean =>
  Array.isArray((result as Partial<ReconciliationReport> | undefined)?.differences) &&
  (result as ReconciliationReport).differences.length > 0;

/** `npm run operator -- reconcile [--since ...]`: every difference between the sportsbook and the PAM, in-flight calls as pending. */
export const reconcileCommand: SportsbookOperatorCommand = {
  name: 'reconcile',
  usage: RECONCILE_USAGE,
  async run(services, args) {
    return services.reconciliation.run(parseReconcileArgs(args));
  },
};
