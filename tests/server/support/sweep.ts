import { expect } from 'vitest';
import { sql } from 'kysely';
import type { TestContext } from './harness';
import { DATABASE_REFUSED_VALUE } from '../../../server/platform/http/error-handler';

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

/**
 * Strings PostgreSQL cannot take: NUL (22021), lone UTF-16 surrogates (not text), and dates outside its range
 * (22008) or only JavaScript's (expanded years).
 */
export const UNSTORABLE_STRINGS = ['\u0000', 'a\u0000b', '\uD800', 'b\uDFFF'];
export const OUT_OF_RANGE_DATES = [
  '-005000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '0000-01-01T00:00:00Z',
  '0000-00-00T00:00:00Z',
];

const WRONG_VALUES: unknown[] = [
  null,
  12345,
  -1,
  1.5,
  true,
  'x'.repeat(5000),
  [],
  {},
  ['a'],
  { nested: { deep: true } },
  '',
  '   ',
  Number.MAX_SAFE_INTEGER,
  ...UNSTORABLE_STRINGS,
];

const looksLikeDate = (value: string) => /^\d{4}-\d{2}-\d{2}/.test(value);

/**
 * Each string field's valid value made unstorable while every other rule still holds (a NUL inside it, a lone
 * surrogate before it), and each date field moved outside PostgreSQL's range; optional fields included.
 */
export function unstorableBodies(validBody: Record<string, unknown>): Array<{ label: string; payload: string }> {
  const bodies: Array<{ label: string; payload: string }> = [];
  for (const [key, valid] of Object.entries(validBody)) {
    if (typeof valid !== 'string') continue;
    const middle = Math.floor(valid.length / 2);
    const variants = [
      `${valid.slice(0, middle)}\u0000${valid.slice(middle)}`,
      `${valid}\u0000`,
      `\uD83D${valid}`,
      `${valid}\uDE00`,
    ];
    if (looksLikeDate(valid)) variants.push(...OUT_OF_RANGE_DATES, `-00${valid}`, `+27${valid}`);
    for (const value of variants)
      bodies.push({
        label: `${key} = ${JSON.stringify(value).slice(0, 40)}`,
        payload: JSON.stringify({ ...validBody, [key]: value }),
      });
  }
  return bodies;
}

/** Bodies a careless or hostile client might send: each field missing, each field of every wrong type, and whole-body garbage. */
export function badBodies(
  validBody: Record<string, unknown>,
): Array<{ label: string; payload: string; contentType?: string }> {
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
      bodies.push({
        label: `${key} = ${JSON.stringify(value).slice(0, 30)}`,
        payload: JSON.stringify({ ...validBody, [key]: value }),
      });
    }
  }
  return [...bodies, ...unstorableBodies(validBody)];
}

/** Row counts of every table, to prove a refused request wrote nothing. */
export async function rowCounts(context: TestContext): Promise<Record<string, number>> {
  const tables = await sql<{
    table_name: string;
  }>`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely_%'`.execute(
    context.database.db,
  );
  // login_attempts is an audit log and login_lockouts counts wrong passwords: refused sign-ins are meant to be written there.
  const counted = tables.rows
    .map((row) => row.table_name)
    .filter((name) => name !== 'login_attempts' && name !== 'login_lockouts');
  // One round trip for every table: a sweep counts before and after each route.
  const result = await sql<{ table_name: string; count: number }>`${sql.join(
    counted.map((name) => sql`SELECT ${name}::text AS table_name, count(*)::int AS count FROM ${sql.table(name)}`),
    sql` UNION ALL `,
  )}`.execute(context.database.db);
  return Object.fromEntries(result.rows.map((row) => [row.table_name, row.count]));
}

/**
 * Sends every bad body to the route and expects a 4xx with a message each time, never a 500, and no row
 * written anywhere. Returns how many bodies were sent, so a caller can see the sweep was not empty.
 */
export async function sweepBadBodies(
  context: TestContext,
  route: SweepRoute,
  bodies: Array<{ label: string; payload: string; contentType?: string }> = badBodies(route.validBody),
): Promise<number> {
  const before = await rowCounts(context);
  for (const body of bodies) {
    const token = route.token ? await route.token() : undefined;
    const extraHeaders = {
      ...(route.headers ? await route.headers() : {}),
      ...(route.signedHeaders ? route.signedHeaders(body.payload) : {}),
    };
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
    // Refused by the contract, not caught by the error handler's safety net after reaching the database.
    expect(response.json().message, described).not.toBe(DATABASE_REFUSED_VALUE);
  }
  expect(await rowCounts(context)).toEqual(before);
  return bodies.length;
}

/** Query strings with each parameter's value made unstorable (or replaced by an unstorable string), URL-encoded as a client would. */
export function unstorableQueries(validQuery: Record<string, string>): string[] {
  const queries: string[] = [];
  for (const [key, valid] of Object.entries(validQuery)) {
    const values = [...UNSTORABLE_STRINGS, `${valid}\u0000`, `\uD83D${valid}`];
    if (looksLikeDate(valid)) values.push(...OUT_OF_RANGE_DATES, `-00${valid}`, `+27${valid}`);
    for (const value of values) {
      // encodeURIComponent refuses a lone surrogate: send its (invalid) UTF-8 bytes as a hostile client would.
      const encoded = [...value]
        .map((char) =>
          /[\uD800-\uDFFF]/.test(char)
            ? `%ED%${(0xa0 + ((char.charCodeAt(0) >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 + (char.charCodeAt(0) & 0x3f)).toString(16).toUpperCase()}`
            : encodeURIComponent(char),
        )
        .join('');
      queries.push(new URLSearchParams({ ...validQuery, [key]: '__VALUE__' }).toString().replace('__VALUE__', encoded));
    }
  }
  return queries;
}

/** Sends each `METHOD url` and expects a 4xx with a message, never a 500, and no row written. */
export async function expectAllRefused(
  context: TestContext,
  requests: Array<{ method: SweepRoute['method']; url: string }>,
  token?: string,
  headers: () => Record<string, string> = () => ({}),
): Promise<number> {
  const before = await rowCounts(context);
  for (const { method, url } of requests) {
    const response = await context.request({ method, url, token, headers: headers() });
    const described = `${method} ${url.slice(0, 120)} answered ${response.statusCode}: ${response.body.slice(0, 200)}`;
    expect(response.statusCode, described).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, described).toBeLessThan(500);
    expect(typeof response.json().message, described).toBe('string');
    expect(response.json().message, described).not.toBe(DATABASE_REFUSED_VALUE);
  }
  expect(await rowCounts(context)).toEqual(before);
  return requests.length;
}
