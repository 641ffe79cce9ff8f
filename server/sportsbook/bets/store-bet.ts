import { CompiledQuery, type Insertable, type Selectable } from 'kysely';
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

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Rows inserted from one JSON parameter ($n) shaped by the table's own row type: the columns are the rows' keys, so a
 * column added to the table is stored by adding it to the row; the insert happens only if `guard` (a CTE) has a row.
 */
const insertRowsSql = (table: string, columns: readonly string[], parameter: number, guard: string) =>
  `INSERT INTO ${table} (${columns.map(quote).join(', ')})
    SELECT ${columns.map((column) => `r.${quote(column)}`).join(', ')}
    FROM ${guard}, jsonb_populate_recordset(NULL::${table}, $${parameter}::jsonb) AS r`;

/** The statement's text for these columns, made once (a placement's hot path compiles nothing). */
const statements = new Map<string, string>();
function storeStatement(betColumns: readonly string[], legColumns: readonly string[], callColumns: readonly string[]): string {
  const key = [betColumns, legColumns, callColumns].map((columns) => columns.join(',')).join('|');
  let text = statements.get(key);
  if (!text) {
    text = `WITH bet AS (
        INSERT INTO sportsbook.bets (${betColumns.map(quote).join(', ')})
        VALUES (${betColumns.map((_, index) => `$${index + 1}`).join(', ')})
        ON CONFLICT (id) DO NOTHING
        RETURNING id
      ),
      legs AS (${insertRowsSql('sportsbook.bet_legs', legColumns, betColumns.length + 1, 'bet')}),
      debit AS (${insertRowsSql('sportsbook.wallet_calls', callColumns, betColumns.length + 2, 'bet')})
      SELECT id FROM bet`;
    statements.set(key, text);
  }
  return text;
}

/** Rows as one JSON document for jsonb_populate_recordset. */
const rowsJson = (table: string, rows: readonly Record<string, unknown>[]) =>
  JSON.stringify(rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, jsonValue(table, key, value)]))));

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
  const text = storeStatement(Object.keys(bet), Object.keys(legs[0]!), Object.keys(call.row));
  const parameters = [...Object.values(bet), rowsJson('sportsbook.bet_legs', legs), rowsJson('sportsbook.wallet_calls', [call.row])];
  const result = await db.executeQuery<{ id: string }>(CompiledQuery.raw(text, parameters));
  if (result.rows.length === 0) return undefined;
  // The rows as a read would return them (the columns' defaults filled in).
  const legRows = legs.map((leg) => ({ result: 'open', score_home: null, score_away: null, dead_heat_ways: null, ...leg, spec: JSON.parse(leg.spec) as MarketSpec }) as Selectable<BetLegsTable>);
  return { debit: call.call, view: (status) => betView({ capped_by: 0, returns: null, reason: null, reason_code: null, settled_at: null, ...bet, status } as Selectable<BetsTable>, legRows) };
}
