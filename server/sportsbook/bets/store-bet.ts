import { sql, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import type { BetView } from '../../../src/contract/sportsbook-rules';
import type { WalletCall, WalletOutbox } from '../wallet/outbox';
import type { MarketSpec } from '../pricing/types';
import type { BetLegsTable, BetsDb, BetsTable } from './tables';
import { betView } from './views';

export type NewBet = Insertable<BetsTable>;
export type NewLeg = Insertable<BetLegsTable>;

export interface BetToStore {
  bet: NewBet;
  legs: NewLeg[];
  /** The debit, stored with the bet and held for the placement to send itself (the outbox's hold). */
  debit: Pick<WalletCall, 'id' | 'body'>;
}

export interface StoredBet {
  /** The debit as stored (first attempt counted), for WalletOutbox.sendHeld. */
  debit: WalletCall;
  /** The bet as the frame would read it back, built from what was written, in the status given. */
  view(status: BetView['status']): BetView;
}

/**
 * Rows inserted from one JSON parameter shaped by the table's own row type: the columns are the rows' keys, so a
 * column added to the table is stored by adding it to the row, and the insert happens only if `guard` (a CTE
 * name) returned a row.
 */
function insertRows(table: string, rows: readonly Record<string, unknown>[], guard: string): RawBuilder<unknown> {
  const columns = Object.keys(rows[0]!);
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, jsonValue(table, key, value)]))));
  return sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((column) => sql.id(column)))})
    SELECT ${sql.join(columns.map((column) => sql.ref(`r.${column}`)))}
    FROM ${sql.table(guard)}, jsonb_populate_recordset(NULL::${sql.table(table)}, ${json}::jsonb) AS r`;
}

/** jsonb columns arrive as JSON text in Kysely rows (the driver's convention); inside a JSON document they are the value itself. */
function jsonValue(table: string, column: string, value: unknown): unknown {
  if (typeof value === 'string' && JSON_COLUMNS[table]?.includes(column)) return JSON.parse(value) as unknown;
  return value;
}

const JSON_COLUMNS: Record<string, readonly string[]> = { 'sportsbook.bet_legs': ['spec'], 'sportsbook.wallet_calls': ['body', 'answer'] };

/**
 * Placement's storage step: the bet (pending), its legs and its debit call, written by ONE statement (atomic by
 * itself, one round trip instead of a transaction's five). The outbox row is written in the same statement as the
 * bet, so a debit is never sent for a bet that was not stored, and never lost for one that was. A bet id already
 * used stores nothing (ON CONFLICT DO NOTHING guards every part): undefined, and the caller answers from the first.
 */
export async function storeBet(db: BetsDb, outbox: WalletOutbox, { bet, legs, debit }: BetToStore, holdMs: number): Promise<StoredBet | undefined> {
  const call = outbox.heldCall({ id: debit.id, kind: 'debit', betId: bet.id, body: debit.body }, holdMs);
  const result = await sql<{ id: string }>`
    WITH bet AS (
      INSERT INTO sportsbook.bets (${sql.join(Object.keys(bet).map((column) => sql.id(column)))})
      VALUES (${sql.join(Object.values(bet))})
      ON CONFLICT (id) DO NOTHING
      RETURNING id
    ),
    legs AS (${insertRows('sportsbook.bet_legs', legs, 'bet')}),
    debit AS (${insertRows('sportsbook.wallet_calls', [call.row], 'bet')})
    SELECT id FROM bet`.execute(db);
  if (result.rows.length === 0) return undefined;
  // The rows as a read would return them (the columns' defaults filled in).
  const legRows = legs.map((leg) => ({ result: 'open', score_home: null, score_away: null, ...leg, spec: JSON.parse(leg.spec) as MarketSpec }) as Selectable<BetLegsTable>);
  return { debit: call.call, view: (status) => betView({ capped_by: 0, returns: null, reason: null, reason_code: null, settled_at: null, ...bet, status } as Selectable<BetsTable>, legRows) };
}
