import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login } from './support/harness';

const tight = { max: 3, timeWindow: 60_000 };

describeEachDatabase(
  'rate limits',
  (use) => {
    it('slows down sign-in attempts from one address with 429 and a message', async () => {
      const context = use();
      const user = await createUser(context);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        const response = await context.request({
          method: 'POST',
          url: '/auth/login',
          payload: { email: user.email, password: 'Wrong1234' },
          remoteAddress: '198.51.100.7',
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429)
          expect(response.json().message).toBe('Too many requests. Please try again later.');
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const elsewhere = await context.request({
        method: 'POST',
        url: '/auth/login',
        payload: { email: user.email, password: user.password },
        remoteAddress: '198.51.100.8',
      });
      expect(elsewhere.statusCode).toBe(200);
    });

    it('slows down forgot-password, password checks and promo-code guessing', async () => {
      const context = use();
      const user = await createUser(context);
      const { accessToken } = await login(context, user);
      const send = (url: string, payload?: object) =>
        context.request({ method: 'POST', url, payload, token: accessToken, remoteAddress: '198.51.100.9' });
      const last = async (url: string, payload?: object) => {
        let status = 0;
        for (let attempt = 0; attempt < 4; attempt++) status = (await send(url, payload)).statusCode;
        return status;
      };
      expect(await last('/auth/forgot_password', { email: user.email })).toBe(429);
      expect(
        await last('/auth/change_password', {
          password: 'Wrong1234',
          newPassword: 'Another123',
          newPasswordRepeated: 'Another123',
        }),
      ).toBe(429);
      expect(await last('/user/promotion_code/NOPE')).toBe(429);
    });
  },
  { rateLimits: { login: tight, forgotPassword: tight, passwordCheck: tight, promoCode: tight } },
);
