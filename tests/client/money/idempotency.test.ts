import { describe, expect, it } from 'vitest';
import { AppDatabase } from '../../../src/db/database';
import { HttpError } from '../../../src/api/http';
import { SubmissionKeys } from '../../../src/api/idempotency';
import { listenForPaymentResult, paymentPageUrl } from '../../../src/features/deposit/paymentWindow';

function setup() {
  const db = new AppDatabase(`idempotency-${Math.random()}`);
  let counter = 0;
  const keys = new SubmissionKeys(
    db.pendingSubmissions,
    () => 42,
    () => `key-${++counter}`,
  );
  return { db, keys };
}

describe('idempotency key of a money submission', () => {
  it('is saved in IndexedDB before the request leaves and removed after a success', async () => {
    const { db, keys } = setup();
    const submission = keys.create(7, 'withdraw', { amount: 500 });
    expect(await db.pendingSubmissions.count()).toBe(0);
    const seen = await keys.send(submission, async (key, body) => ({
      key,
      body,
      stored: await db.pendingSubmissions.get(key),
    }));
    expect(seen.key).toBe('key-1');
    expect(seen.body).toEqual({ amount: 500 });
    expect(seen.stored).toEqual({ key: 'key-1', userId: 7, kind: 'withdraw', body: '{"amount":500}', createdAt: 42 });
    expect(await db.pendingSubmissions.count()).toBe(0);
  });

  it('is kept when the answer is lost, and the retry sends the same key', async () => {
    const { db, keys } = setup();
    const submission = keys.create(7, 'deposit_js', { amount: 2000 });
    const lost = new HttpError('Network Error');
    await expect(keys.send(submission, async () => Promise.reject(lost))).rejects.toBe(lost);
    expect((await db.pendingSubmissions.toArray()).map((record) => record.key)).toEqual(['key-1']);

    const retry = keys.retry(submission, lost);
    const sentWith: string[] = [];
    await keys.send(retry, async (key) => sentWith.push(key));
    expect(sentWith).toEqual(['key-1']);
    expect(await db.pendingSubmissions.count()).toBe(0);
  });

  it('is kept after a server failure (5xx), since the money may have moved', async () => {
    const { db, keys } = setup();
    const submission = keys.create(7, 'withdraw', { amount: 500 });
    const failure = new HttpError('Bad gateway', 502);
    await expect(keys.send(submission, async () => Promise.reject(failure))).rejects.toBe(failure);
    expect(await db.pendingSubmissions.count()).toBe(1);
    expect(keys.retry(submission, failure).record.key).toBe('key-1');
  });

  it('is removed after a refusal, and trying again after a refusal is a new submission with a new key', async () => {
    const { db, keys } = setup();
    const submission = keys.create(7, 'withdraw', { amount: 500 });
    const refusal = new HttpError('Insufficient funds', 422);
    await expect(keys.send(submission, async () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(await db.pendingSubmissions.count()).toBe(0);
    const again = keys.retry(submission, refusal);
    expect(again.record.key).toBe('key-2');
    expect(again.body).toEqual({ amount: 500 });
  });
});

describe('payment window', () => {
  it('opens the provider page with the parent origin', () => {
    expect(paymentPageUrl('http://127.0.0.1:8090/card-payment?paymentId=p1', 'http://localhost:8080')).toBe(
      'http://127.0.0.1:8090/card-payment?paymentId=p1&parentOrigin=http%3A%2F%2Flocalhost%3A8080',
    );
  });

  it('accepts results only from the providers origin, in the expected shape', () => {
    const target = new EventTarget() as unknown as Window;
    const results: unknown[] = [];
    const stop = listenForPaymentResult(target, 'http://127.0.0.1:8090/card-payment?paymentId=p1', null, (result) =>
      results.push(result),
    );
    const post = (data: unknown, origin: string) => target.dispatchEvent(new MessageEvent('message', { data, origin }));
    post({ status: 'success' }, 'http://evil.example');
    post({ status: 'success' }, 'http://localhost:8080');
    post({ status: 'maybe' }, 'http://127.0.0.1:8090');
    post({ status: 'failed', error: 'Card declined' }, 'http://127.0.0.1:8090');
    post({ status: 'success' }, 'http://127.0.0.1:8090');
    stop();
    post({ status: 'success' }, 'http://127.0.0.1:8090');
    expect(results).toEqual([{ status: 'failed', error: 'Card declined' }, { status: 'success' }]);
  });
});
