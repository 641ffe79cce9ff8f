import type { Compilable, Kysely } from 'kysely';
import { nameStatement } from './named-statements';

/**
 * A query Kysely builds and compiles once, then sends with each call's values as a named statement. Building and
 * compiling a small join costs more CPU than reading its answer, and PostgreSQL's planning of it four times its run,
 * so the statements asked on every request (the session check) pay both once.
 * `build` is called once with a placeholder for each argument; every argument must reach the SQL as a parameter.
 * Fits plain statements on a Kysely without result-transforming plugins (the app's), never a transaction's.
 */
export function prebuiltQuery<A extends unknown[], R>(
  db: Kysely<any>,
  build: (...args: A) => Compilable<R>,
): (...args: A) => Promise<R[]> {
  const placeholders = Array.from({ length: build.length }, () => ({}));
  const compiled = build(...(placeholders as A)).compile();
  // Where each parameter's value comes from: an argument's position, or -1 for a value the query itself fixes.
  const sources = compiled.parameters.map((value) => placeholders.indexOf(value as object));
  const unused = placeholders.findIndex((_, index) => !sources.includes(index));
  if (unused !== -1) throw new Error(`prebuiltQuery: argument ${unused} never reaches the SQL as a parameter`);
  nameStatement(compiled.sql);
  return async (...args) => {
    const parameters = sources.map((source, index) => (source === -1 ? compiled.parameters[index] : args[source]));
    return (await db.executeQuery<R>({ ...compiled, parameters })).rows;
  };
}
