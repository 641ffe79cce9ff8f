import { CompiledQuery, type Insertable, type Selectable } from 'kysely';
import type { BetView } from '../../../src/contract/sportsbook-rules';
import { KeyedGroupCommit } from '../../platform/group-commit';
import { nameStatement } from '../../platform/db/named-statements';
import type { HeldCallRow, WalletCall, WalletOutbox } from '../wallet/outbox';
import type { MarketSpec } from '../pricing/types';
import type { BetLegsTable, BetsDb, BetsTable } from './tables';
import { betView } from './views';

type NewBet = Insertable<BetsTable>;
/** A leg to store, its market's spec as the object itself (it is written inside a JSON document, never as text). */
type NewLeg = Omit<Insertable<BetLegsTable>, 'spec'> & { spec: MarketSpec };

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
  view: (status: BetView['status']) => BetView;
}

/** Placements stored by one statement at most; a bigger crowd waits for the next. */
const STORE_BATCH = 100;

interface BetRows {
  bet: NewBet;
  legs: NewLeg[];
  call: HeldCallRow;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Rows inserted from one JSON parameter ($n) shaped by the table's own row type: the columns are the rows' keys, so
 * a column added to the table is stored by adding it to the rows; `where` keeps only the rows of bets stored.
 */
const insertRowsSql = (table: string, columns: readonly string[], parameter: number, where = '') =>
  `INSERT INTO ${table} (${columns.map(quote).join(', ')})
    SELECT ${columns.map((column) => `r.${quote(column)}`).join(', ')}
    FROM jsonb_populate_recordset(NULL::${table}, $${parameter}::jsonb) AS r ${where}`;

const columnsOf = ({ bet, legs, call }: BetRows) =>
  [Object.keys(bet), Object.keys(legs[0]!), Object.keys(call)] as const;

/** The statement writing the bets, legs and debit calls of a batch, for rows with these columns. */
function storeStatement(
  betColumns: readonly string[],
  legColumns: readonly string[],
  callColumns: readonly string[],
): string {
  const ofStoredBets = 'WHERE r.bet_id IN (SELECT id FROM bet)';
  return `WITH bet AS (${insertRowsSql('sportsbook.bets', betColumns, 1)} ON CONFLICT (id) DO NOTHING RETURNING id),
      legs AS (${insertRowsSql('sportsbook.bet_legs', legColumns, 2, ofStoredBets)}),
      debit AS (${insertRowsSql('sportsbook.wallet_calls', callColumns, 3, ofStoredBets)})
      SELECT id FROM bet`;
}

/**
 * Placement's storage step: each bet (pending), its legs and its debit call, written by ONE statement for all the
 * bets placed at the same moment (group commit: a lone bet is written at once, and bets arriving while a write is
 * in flight go together in the next). The outbox row is written in the same statement as its bet, so a debit is
 * never sent for a bet that was not stored, and never lost for one that was. A bet id already used stores nothing
 * of that bet (ON CONFLICT DO NOTHING guards every part): store() answers undefined, and the caller answers from
 * the first. A statement that fails is run again bet by bet, so only the bet at fault gets the error.
 */
export class BetStore {
  /** One queue per shape of rows: the rows of one statement name the same columns (a column a row left out would be written NULL, not its default). */
  private readonly byShape: KeyedGroupCommit<BetRows, boolean>;

  constructor(
    private readonly db: BetsDb,
    private readonly outbox: WalletOutbox,
    maxBatch = STORE_BATCH,
  ) {
    this.byShape = new KeyedGroupCommit((bets) => this.storeAll(bets), { maxBatch });
  }

  async store({ bet, legs, debit }: BetToStore, holdMs: number): Promise<StoredBet | undefined> {
    const call = this.outbox.heldCall({ id: debit.id, kind: 'debit', betId: bet.id, body: debit.body }, holdMs);
    const rows: BetRows = { bet, legs, call: call.row };
    const shape = columnsOf(rows)
      .map((names) => names.join(','))
      .join('|');
    if (!(await this.byShape.submit(shape, rows))) return undefined;
    // The rows as a read would return them (the columns' defaults filled in).
    const legRows = legs.map(
      (leg) =>
        ({
          result: 'open',
          score_home: null,
          score_away: null,
          dead_heat_ways: null,
          ...leg,
        }) as Selectable<BetLegsTable>,
    );
    return {
      debit: call.call,
      view: (status) =>
        betView(
          {
            capped_by: 0,
            returns: null,
            reason: null,
            reason_code: null,
            settled_at: null,
            ...bet,
            status,
          } as Selectable<BetsTable>,
          legRows,
        ),
    };
  }

  /** Whether each bet was stored (false: its id was taken, by an earlier bet or by one before it in this batch). */
  private async storeAll(bets: BetRows[]): Promise<boolean[]> {
    const firsts = new Map<string, BetRows>();
    for (const rows of bets) if (!firsts.has(rows.bet.id)) firsts.set(rows.bet.id, rows);
    const written = [...firsts.values()];
    const parameters = [
      JSON.stringify(written.map((rows) => rows.bet)),
      JSON.stringify(written.flatMap((rows) => rows.legs)),
      JSON.stringify(written.map((rows) => rows.call)),
    ];
    const statement = storeStatement(...columnsOf(bets[0]!));
    // One text per shape of rows (a handful), its values three JSON documents: PostgreSQL parses and plans it once a
    // connection rather than for every batch.
    nameStatement(statement);
    const result = await this.db.executeQuery<{ id: string }>(CompiledQuery.raw(statement, parameters));
    const stored = new Set(result.rows.map((row) => row.id));
    return bets.map((rows) => firsts.get(rows.bet.id) === rows && stored.has(rows.bet.id));
  }
}
