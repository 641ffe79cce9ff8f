import type { ColumnType } from 'kysely';

interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** sha256 of the route and the canonical request, to refuse a key reused for something else. */
  request_hash: string;
  status_code: number;
  response: ColumnType<unknown, string, string>;
  created_at: ColumnType<Date, Date, never>;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable;
}
