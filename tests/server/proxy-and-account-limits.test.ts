import { describe, expect, it } from 'vitest';
import { describeEachDatabase, createUser } from './support/harness';
import { loadConfig, readTrustProxy } from '../../server/config';

const tight = { max: 3, timeWindow: 60_000 };
const PROXY = '127.0.0.1';

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told, and takes a hop count or a list of addresses', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/bx-trust-proxy-test' }).trustProxy).toBe(false);
    expect(readTrustProxy('off')).toBe(false);
    expect(readTrustProxy('1')).toBe(1);
    expect(readTrustProxy('10.0.0.1, 10.0.0.0/8')).toEqual(['10.0.0.1', '10.0.0.0/8']);
  });

  it('refuses to trust everyone, which would let any client choose its own address', () => {
    expect(() => readTrustProxy('true')).toThrow(/hop count/);
  });
});

describeEachDatabase(
  'per-address limits behind a trusted proxy',
  (use) => {
    const loginFrom = (client: string, email: string) =>
      use().request({
        method: 'POST',
        url: '/auth/login',
        payload: { email, password: 'Wrong1234' },
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': client },
      });

    it('counts each customer behind the proxy apart, not the whole site as one address', async () => {
      const user = await createUser(use());
      for (let attempt = 0; attempt < 3; attempt++)
        expect((await loginFrom('203.0.113.1', `nobody${attempt}@example.com`)).statusCode).toBe(401);
      expect((await loginFrom('203.0.113.1', 'nobody9@example.com')).statusCode).toBe(429);
      expect((await loginFrom('203.0.113.2', user.email)).statusCode).toBe(401);
    });

    it('ignores X-Forwarded-For from a peer that is not the trusted proxy', async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        const response = await use().request({
          method: 'POST',
          url: '/auth/login',
          payload: { email: `spoof${attempt}@example.com`, password: 'Wrong1234' },
          remoteAddress: '198.51.100.40',
          headers: { 'x-forwarded-for': `203.0.113.${100 + attempt}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    });
  },
  { trustProxy: [PROXY], rateLimits: { login: tight } },
);

describeEachDatabase(
  'per-account limits beside the per-address ones',
  (use) => {
    it('slows down sign-in attempts at one account made from many addresses', async () => {
      const user = await createUser(use());
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        const response = await use().request({
          method: 'POST',
          url: '/auth/login',
          payload: { email: user.email.toUpperCase(), password: 'Wrong1234' },
          remoteAddress: `198.51.100.${50 + attempt}`,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const other = await createUser(use());
      expect(
        (
          await use().request({
            method: 'POST',
            url: '/auth/login',
            payload: { email: other.email, password: other.password },
            remoteAddress: '198.51.100.60',
          })
        ).statusCode,
      ).toBe(200);
    });

    it('slows down forgot-password for one account from many addresses', async () => {
      const user = await createUser(use());
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        const response = await use().request({
          method: 'POST',
          url: '/auth/forgot_password',
          payload: { email: user.email },
          remoteAddress: `198.51.100.${70 + attempt}`,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const mails = await use()
        .database.db.selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', user.email)
        .execute();
      expect(mails).toHaveLength(3);
    });
  },
  { rateLimits: { loginPerAccount: tight, forgotPasswordPerAccount: tight } },
);
