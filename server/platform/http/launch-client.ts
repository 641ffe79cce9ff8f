import { LAUNCH_FRAGMENT_KEY } from '../../../src/contract/games';

export interface JsonCall extends Omit<RequestInit, 'body'> {
  json?: unknown;
  /** A bearer token. */
  token?: string;
  timeoutMs?: number;
}

/** A JSON call from one service to another: the answer's body, or an error naming the call and its answer. */
export async function callJson<T>(url: string, init: JsonCall = {}): Promise<T> {
  const { json, token, timeoutMs = 30_000, ...rest } = init;
  const response = await fetch(url, {
    ...rest,
    headers: {
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * Signs a customer in at the PAM and launches one of its game doors (the sportsbook's or the exchange's) as the
 * app does: the launch token the door's address carries, for the service's POST /api/session.
 */
export async function launchAtPam(
  pamUrl: string,
  credentials: { email: string; password: string },
  launchPath: string,
  timeoutMs?: number,
): Promise<string> {
  const { accessToken } = await callJson<{ accessToken: string }>(`${pamUrl}/auth/login`, {
    method: 'POST',
    json: { email: credentials.email, password: credentials.password },
    timeoutMs,
  });
  const { url } = await callJson<{ url: string }>(`${pamUrl}${launchPath}`, { token: accessToken, timeoutMs });
  const launchToken = new URLSearchParams(new URL(url).hash.slice(1)).get(LAUNCH_FRAGMENT_KEY);
  if (!launchToken) throw new Error(`The PAM's ${launchPath} gave no launch token`);
  return launchToken;
}
