import { afterAll, beforeAll, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { NOTIFICATION_RETRY_DELAYS_MS, sendSignedNotification } from '../../server/providers/signed-notifications';
import { TEST_SECRETS } from './support/harness';

let api: FastifyInstance;
let answers: number[] = [];
let received: number[] = [];
let publicUrl = '';

beforeAll(async () => {
  api = Fastify();
  api.post('/notify', async (_request, reply) => {
    received.push(Date.now());
    return reply.status(answers.shift() ?? 200).send({ status: 'ok' });
  });
  await api.listen({ port: 0, host: '127.0.0.1' });
  publicUrl = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
});
afterAll(() => api.close());

const options = () => ({
  config: { providersPort: 0, host: '127.0.0.1', publicUrl, providersUrl: 'http://127.0.0.1:0', secrets: TEST_SECRETS },
});

it('waits longer before each retry of a notification the API answered 5xx', async () => {
  answers = [503, 502];
  received = [];
  const waits: number[] = [];
  const attempts = await sendSignedNotification(
    options(),
    '/notify',
    { id: 'n-1' },
    { delaysMs: NOTIFICATION_RETRY_DELAYS_MS, sleep: async (ms) => void waits.push(ms) },
  );
  expect(attempts.map((attempt) => attempt?.status)).toEqual([503, 502, 200]);
  expect(waits).toEqual(NOTIFICATION_RETRY_DELAYS_MS);
  expect(NOTIFICATION_RETRY_DELAYS_MS[0]).toBeGreaterThan(0);
  expect(NOTIFICATION_RETRY_DELAYS_MS[1]).toBeGreaterThan(NOTIFICATION_RETRY_DELAYS_MS[0]!);
});

it('does not wait or retry once the API has answered', async () => {
  answers = [];
  received = [];
  const waits: number[] = [];
  const attempts = await sendSignedNotification(
    options(),
    '/notify',
    { id: 'n-2' },
    { delaysMs: NOTIFICATION_RETRY_DELAYS_MS, sleep: async (ms) => void waits.push(ms) },
  );
  expect(attempts).toHaveLength(1);
  expect(waits).toEqual([]);
  expect(received).toHaveLength(1);
});
