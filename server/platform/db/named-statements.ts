import pg from 'pg';

/** The SQL texts sent as named statements, with their names; a text keeps its name for the process's life. */
const names = new Map<string, string>();
const maxNames = 500;

/**
 * Sends this SQL as a named statement from now on: each connection has PostgreSQL parse it once and, after a few
 * runs, keep one plan. Planning the session check's join cost PostgreSQL about 100 µs a request, four times its run.
 * Only for statements asked all the time, whose columns are named (a plan kept across a migration must keep its shape).
 */
export function nameStatement(sql: string): void {
  // A text that varied with its values would fill every connection with statements; past the cap it goes unnamed.
  if (!names.has(sql) && names.size < maxNames) names.set(sql, `prebuilt_${names.size + 1}`);
}

/** node-postgres's client, sending the texts nameStatement was given as named statements. */
export class NamedStatementClient extends pg.Client {
  override query(...args: any[]): any {
    const [text, values] = args;
    const name = args.length === 2 && typeof text === 'string' ? names.get(text) : undefined;
    // Whatever else was called (a config, a callback) goes through as it came; the cast only picks an overload.
    return name ? super.query({ name, text, values }) : super.query(...(args as [string, unknown[]]));
  }
}
