import type { LimitKind } from '../../../src/contract/limits';
import { LIMIT_KINDS } from '../../../src/contract/limits';

export interface LimitState {
  amount: number;
  effectiveFrom: Date;
  pending: { amount: number | null; effectiveFrom: Date } | null;
}

export interface LimitRow {
  amount: number;
  effective_from: Date;
  pending_amount: number | null;
  pending_from: Date | null;
}

/** The limit as it stands at `now`: a pending change whose time has come is in force; a due deletion leaves none. */
export function limitAt(row: LimitRow, now: Date): LimitState | null {
  if (row.pending_from && row.pending_from <= now) {
    return row.pending_amount === null
      ? null
      : { amount: row.pending_amount, effectiveFrom: row.pending_from, pending: null };
  }
  return {
    amount: row.amount,
    effectiveFrom: row.effective_from,
    pending: row.pending_from ? { amount: row.pending_amount, effectiveFrom: row.pending_from } : null,
  };
}

const rank = (kind: LimitKind) => LIMIT_KINDS.indexOf(kind);
const lower = (kind: LimitKind) => kind.toLowerCase();

/**
 * Daily <= weekly <= monthly. A longer period's limit is compared with what is in force now; a shorter
 * period's with the larger of its current and waiting amounts, so a waiting increase cannot later break the order.
 */
export function orderingProblem(
  kind: LimitKind,
  amount: number,
  others: Map<LimitKind, LimitState>,
): string | undefined {
  for (const other of LIMIT_KINDS) {
    const state = others.get(other);
    if (other === kind || !state) continue;
    if (rank(other) > rank(kind) && amount > state.amount) return `${kind} limit higher than ${lower(other)} limit`;
    if (rank(other) < rank(kind)) {
      const largest = Math.max(state.amount, state.pending?.amount ?? 0);
      if (amount < largest) return `${kind} limit lower than ${lower(other)} limit`;
    }
  }
  return undefined;
}
