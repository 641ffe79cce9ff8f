import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import { tooManyRequests } from '../errors';

/** At most `max` requests in each window of `timeWindow` milliseconds. */
export interface RateLimit {
  max: number;
  timeWindow: number;
}

/** Keys remembered at most; the oldest window is forgotten first, so a flood of new keys cannot exhaust memory. */
const MAX_KEYS = 50_000;

/**
 * A fixed-window limit on something other than the peer's address (an e-mail address, a customer), as a
 * preHandler beside the per-address limit: behind one proxy address, or from many addresses, one account
 * still gets only `max` tries a window. @fastify/rate-limit runs once per request, so it cannot be stacked.
 */
export function keyedRateLimit(limit: RateLimit, clock: Clock, keyOf: (request: FastifyRequest) => string | undefined) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return async (request: FastifyRequest) => {
    const key = keyOf(request);
    if (key === undefined) return;
    const now = clock.now().getTime();
    let window = windows.get(key);
    if (!window || window.startedAt + limit.timeWindow <= now) {
      windows.delete(key);
      if (windows.size >= MAX_KEYS) windows.delete(windows.keys().next().value!);
      window = { startedAt: now, count: 0 };
      windows.set(key, window);
    }
    window.count++;
    if (window.count > limit.max) throw tooManyRequests();
  };
}

/** The lower-cased `email` of a JSON body, the account a sign-in or reset request is about. */
export function bodyEmail(request: FastifyRequest): string | undefined {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : undefined;
}
