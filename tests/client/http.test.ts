import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createHttp,
  errorMessage,
  HttpError,
  NETWORK_ERROR,
  TIMEOUT_ERROR,
  UNKNOWN_ERROR,
  API_TIMEOUT_MS,
} from '../../src/api/http';
import { fakeFetch, type Reply, type Route } from './support/fakes';
import { balanceResponse } from '../../src/contract/wallet';

function setup(
  routes: Record<string, Route | Reply>,
  credentials: { tokenType: string; accessToken: string } | null = { tokenType: 'Bearer', accessToken: 'tok' },
) {
  const fetch = fakeFetch(routes);
  const onAuthFailure = vi.fn();
  const http = createHttp({
    baseUrl: 'http://api.test',
    fetch: fetch as unknown as typeof globalThis.fetch,
    getCredentials: () => credentials ?? undefined,
    onAuthFailure,
  });
  return { http, fetch, onAuthFailure };
}

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => vi.useRealTimers());

describe('http', () => {
  it('sends JSON with credentials and the Authorization header from the stored token', async () => {
    const { http, fetch } = setup(
      { 'POST /auth/forgot_password': { status: 200, body: { message: 'ok' } } },
      { tokenType: 'Bearer', accessToken: 'abc' },
    );
    await http.post('/auth/forgot_password', { body: { email: 'a@b.co' } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://api.test/auth/forgot_password');
    expect(init!.credentials).toBe('include');
    expect((init!.headers as Record<string, string>).authorization).toBe('Bearer abc');
    expect((init!.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(init!.body).toBe('{"email":"a@b.co"}');
  });

  it('sends no Authorization header without a token', async () => {
    const { http, fetch } = setup({ 'GET /balance': { status: 200, body: { balance: 1 } } }, null);
    await http.get('/balance');
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('returns the parsed answer', async () => {
    const { http } = setup({ 'GET /balance': { status: 200, body: { balance: 6000 } } });
    expect(await http.get('/balance', { schema: balanceResponse })).toEqual({ balance: 6000, currency: 'GBP' });
  });

  it('takes the message from a string body', async () => {
    const { http } = setup({ 'POST /auth/login': { status: 401, body: 'Invalid email or password' } });
    const error = await failure(http.post('/auth/login', { body: {} }));
    expect(error.message).toBe('Invalid email or password');
    expect(error.status).toBe(401);
  });

  it('takes the message and code from a JSON body', async () => {
    const { http } = setup({
      'DELETE /auth/account': { status: 422, body: { message: 'You have funds', code: 'WalletNotZero' } },
    });
    const error = await failure(http.delete('/auth/account', { body: { password: 'x' } }));
    expect(error.message).toBe('You have funds');
    expect(error.code).toBe('WalletNotZero');
    expect(error.status).toBe(422);
  });

  it('falls back to the transport words when the body has no message', async () => {
    const { http } = setup({ 'GET /balance': { status: 500, body: {} } });
    expect((await failure(http.get('/balance'))).message).toBe('Request failed with status code 500');
  });

  it("says 'Network Error' when the request never reached the server", async () => {
    const { http } = setup({ 'GET /balance': new TypeError('Failed to fetch') });
    const error = await failure(http.get('/balance'));
    expect(error.message).toBe(NETWORK_ERROR);
    expect(NETWORK_ERROR).toBe('Network Error');
    expect(error.status).toBeUndefined();
  });

  it('gives up after 10 seconds', async () => {
    vi.useFakeTimers();
    const { http } = setup({
      'GET /balance': (_body, { init }) =>
        new Promise<Reply>((_resolve, reject) =>
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    });
    const pending = failure(http.get('/balance'));
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(API_TIMEOUT_MS).toBe(10_000);
    expect(error.message).toBe(TIMEOUT_ERROR);
    expect(error.status).toBeUndefined();
  });

  it("says 'Unknown error' for a failure that is not an HTTP answer", async () => {
    const { http } = setup({ 'GET /balance': new Error('something odd') });
    expect((await failure(http.get('/balance'))).message).toBe(UNKNOWN_ERROR);
    expect(errorMessage(new Error('boom'))).toBe('Unknown error');
    expect(errorMessage('text')).toBe('Unknown error');
  });

  it.each([401, 403] as const)('reports %s on an authenticated call to the handler', async (status) => {
    const { http, onAuthFailure } = setup({ 'GET /balance': { status, body: { message: 'no' } } });
    await failure(http.get('/balance'));
    expect(onAuthFailure).toHaveBeenCalledWith(status);
  });

  it('does not report 401 or 403 without a stored token', async () => {
    const { http, onAuthFailure } = setup({ 'GET /balance': { status: 401, body: { message: 'no' } } }, null);
    await failure(http.get('/balance'));
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it.each(['/auth/login', '/auth/refresh_token'])('does not report a 401 or 403 from %s', async (path) => {
    const { http, onAuthFailure } = setup({
      [`POST ${path}`]: { status: 403, body: { message: 'User is locked out.' } },
    });
    await failure(http.post(path, { body: {} }));
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('does not report other failures', async () => {
    const { http, onAuthFailure } = setup({ 'GET /balance': { status: 404, body: { message: 'Not found' } } });
    await failure(http.get('/balance'));
    expect(onAuthFailure).not.toHaveBeenCalled();
  });
});
