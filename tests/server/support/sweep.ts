import { expect } from 'vitest';
import { sql } from 'kysely';
import type { TestContext } from './harness';

export interface SweepRoute {
  method: 'POST' | 'PUT' | 'DELETE' | 'GET' | 'PATCH';
  url: string;
  /** A body the route would accept; each bad body is derived from it. */
  validBody: Record<string, unknown>;
  token?: () => string | Promise<string>;
  headers?: () => Record<string, string> | Promise<Record<string, string>>;
  /** Headers computed from the exact body sent (a signature over the raw bytes). */
  signedHeaders?: (payload: string) => Record<string, string>;
}

const WRONG_VALUES: unknown[] = [null, 12345, -1, 1.5, true, 'x'.repeat(5000), [], {}, ['a'], { nested: { deep: true } }, '', '   ', Number.MAX_SAFE_INTEGER];

/** Bodies a careless or hostile client might send: each field missing, each field of every wrong type, and whole-body garbage. */
export function badBodies(validBody: Record<string, unknown>): Array<{ label: string; payload: string; contentType?: string }> {
  const bodies: Array<{ label: string; payload: string; contentType?: string }> = [
    { label: 'invalid JSON', payload: '{"broken": ' },
    { label: 'empty JSON object', payload: '{}' },
    { label: 'JSON array', payload: '[]' },
    { label: 'JSON string', payload: '"hello"' },
    { label: 'JSON number', payload: '42' },
    { label: 'JSON null', payload: 'null' },
    { label: 'form encoded', payload: 'a=b', contentType: 'application/x-www-form-urlencoded' },
    { label: 'oversized', payload: JSON.stringify({ ...validBody, padding: 'x'.repeat(70 * 1024) }) },
  ];
  for (const key of Object.keys(validBody)) {
    const { [key]: _removed, ...without } = validBody;
    bodies.push({ label: `missing ${key}`, payload: JSON.stringify(without) });
    for (const value of WRONG_VALUES) {
      if (JSON.stringify(value) === JSON.stringify(validBody[key])) continue;
      bodies.push({ label: `${key} = ${JSON.stringify(value).slice(0, 30)}`, payload: JSON.stringify({ ...validBody, [key]: value }) });
    }
  }
  return bodies;
}

/** Row counts of every table, to prove a refused request wrote nothing. */
export async function rowCounts(context: TestContext): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely_%'`.execute(context.database.db);
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    // login_attempts is an audit log: refused sign-ins are meant to be written there.
    if (table_name === 'login_attempts') continue;
    const result = await sql<{ count: number }>`SELECT count(*)::int AS count FROM ${sql.table(table_name)}`.execute(context.database.db);
    counts[table_name] = result.rows[0]!.count;
  }
  return counts;
}

/**
 * Sends every bad body to the route and expects a 4xx with a message each time, never a 500, and no row
 * written anywhere. Returns how many bodies were sent, so a caller can see the sweep was not empty.
 */
export async function sweepBadBodies(context: TestContext, route: SweepRoute): Promise<number> {
  const before = await rowCounts(context);
  const bodies = badBodies(route.validBody);
  for (const body of bodies) {
    const token = route.token ? await route.token() : undefined;
    const extraHeaders = { ...(route.headers ? await route.headers() : {}), ...(route.signedHeaders ? route.signedHeaders(body.payload) : {}) };
    const response = await context.request({
      method: route.method,
      url: route.url,
      payload: body.payload,
      headers: { 'content-type': body.contentType ?? 'application/json', ...extraHeaders },
      token,
    });
    const described = `${route.method} ${route.url} with ${body.label} answered ${response.statusCode}: ${response.body.slice(0, 200)}`;
    expect(response.statusCode, described).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, described).toBeLessThan(500);
    expect(typeof response.json().message, described).toBe('string');
  }
  expect(await rowCounts(context)).toEqual(before);
  return bodies.length;
}
