import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import { nameStatement } from './named-statements';

/**
 * Sends a query (a builder or `sql`) as a named statement, in a transaction or not: PostgreSQL parses and plans its
 * text once a connection instead of on every call. Only for queries whose SQL text is the same whatever their values:
 * a batch passes arrays (`unnest($1::int[], ...)`), never a row of VALUES or a list of parameters an item.
 */
export function executeNamed<R>(
  db: Kysely<any>,
  query: { compile(executorProvider: Kysely<any>): CompiledQuery<R> },
): Promise<QueryResult<R>> {
  const compiled = query.compile(db);
  nameStatement(compiled.sql);
  return db.executeQuery(compiled);
}
