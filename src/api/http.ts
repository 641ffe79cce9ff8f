import type { z } from 'zod';

export const API_TIMEOUT_MS = 10_000;
export const UNKNOWN_ERROR = 'Unknown error';
export const NETWORK_ERROR = 'Network Error';
export const TIMEOUT_ERROR = `timeout of ${API_TIMEOUT_MS}ms exceeded`;
/** The message of an HTTP error whose answer carried no text of its own. */
export const statusFallback = (status: number) => `Request failed with status code ${status}`;

/** A failed call: `message` is what users may see; `status` is absent when no HTTP answer came back. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

interface StoredCredentials {
  tokenType: string;
  accessToken: string;
}

export interface HttpDeps {
  baseUrl?: string;
  getCredentials: () => StoredCredentials | undefined;
  /**
   * Told about a 401 or 403 on a call made with a token (other than login and refresh); the session
   * decides what that means. The transport never logs anyone out itself.
   */
  onAuthFailure: (status: 401 | 403) => void;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface RequestOptions<S extends z.ZodType | undefined = undefined> {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  /** A response schema, or a loader for one: the first screen's calls load theirs lazily, so zod stays out of the first paint. */
  schema?: S | (() => Promise<S>);
  signal?: AbortSignal;
  /** Multipart uploads send FormData as it is. */
  form?: FormData;
}

/** A schema loaded once, on first use: later calls get the same settled promise. */
export function lazySchema<S extends z.ZodType>(load: () => Promise<S>): () => Promise<S> {
  let loaded: Promise<S> | undefined;
  return () => (loaded ??= load());
}

const SESSION_CALLS = ['/auth/login', '/auth/refresh_token'];

/** The message of a failed HTTP answer: a string body, else its `message`, else the transport's words. */
function messageFromBody(body: unknown, fallback: string): string {
  if (typeof body === 'string' && body.trim() !== '') return body;
  if (
    body &&
    typeof body === 'object' &&
    'message' in body &&
    typeof (body as { message: unknown }).message === 'string'
  ) {
    return (body as { message: string }).message;
  }
  return fallback;
}

/** What users see instead of 'Network Error', a timeout or a bare 5xx: the server could not be reached, and what to do. */
export const SERVICE_UNAVAILABLE = 'Our service is unavailable right now. Please try again.';

/** No answer came back (network, timeout), or a server error carried no words of its own. */
export function isServiceUnavailable(error: unknown): boolean {
  if (!(error instanceof HttpError)) return false;
  if (error.status === undefined) return error.message === NETWORK_ERROR || error.message === TIMEOUT_ERROR;
  return error.status >= 500 && error.message === statusFallback(error.status);
}

/** Any thrown value as the text users see. */
export function errorMessage(error: unknown): string {
  if (isServiceUnavailable(error)) return SERVICE_UNAVAILABLE;
  if (error instanceof HttpError) return error.message;
  return UNKNOWN_ERROR;
}

export type Http = ReturnType<typeof createHttp>;

export function createHttp(deps: HttpDeps) {
  const fetchImpl = deps.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const timeoutMs = deps.timeoutMs ?? API_TIMEOUT_MS;

  async function request<S extends z.ZodType | undefined = undefined>(
    method: string,
    path: string,
    options: RequestOptions<S> = {},
  ): Promise<S extends z.ZodType ? z.output<S> : unknown> {
    const url = new URL(path, deps.baseUrl ?? globalThis.location?.origin ?? 'http://localhost');
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
    }
    const credentials = deps.getCredentials();
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (credentials) headers.authorization = `${credentials.tokenType || 'Bearer'} ${credentials.accessToken}`;

    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
    let response: Response;
    try {
      response = await fetchImpl(url.toString(), {
        method,
        headers,
        credentials: 'include',
        body: options.form ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
        signal,
      });
    } catch (error) {
      if (timeout.signal.aborted) throw new HttpError(TIMEOUT_ERROR);
      if (error instanceof TypeError) throw new HttpError(NETWORK_ERROR);
      throw new HttpError(UNKNOWN_ERROR);
    } finally {
      clearTimeout(timer);
    }

    const text = await response.text().catch(() => '');
    let body: unknown = text;
    if (text && (response.headers.get('content-type') ?? '').includes('json')) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    if (!response.ok) {
      if (
        (response.status === 401 || response.status === 403) &&
        credentials &&
        !SESSION_CALLS.includes(url.pathname)
      ) {
        deps.onAuthFailure(response.status);
      }
      const code =
        body && typeof body === 'object' && 'code' in body ? String((body as { code: unknown }).code) : undefined;
      throw new HttpError(messageFromBody(body, statusFallback(response.status)), response.status, code);
    }
    if (!options.schema) return body as never;
    const schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
    const parsed = schema!.safeParse(body);
    if (!parsed.success) throw new HttpError(UNKNOWN_ERROR, response.status);
    return parsed.data as never;
  }

  return {
    request,
    get: <S extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<S>) =>
      request<S>('GET', path, options),
    post: <S extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<S>) =>
      request<S>('POST', path, options),
    put: <S extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<S>) =>
      request<S>('PUT', path, options),
    delete: <S extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<S>) =>
      request<S>('DELETE', path, options),
  };
}
