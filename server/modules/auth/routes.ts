import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { parse } from '../../platform/http/parse';
import {
  changePasswordRequest,
  confirmTwoStepRequest,
  disableTwoStepRequest,
  forgotPasswordRequest,
  loginWithCodeRequest,
  refreshRequest,
  resetPasswordRequest,
} from '../../../src/contract/auth';
import { FORGOT_PASSWORD_ANSWER } from './service';
import { bodyEmail, keyedRateLimit } from '../../platform/http/keyed-rate-limit';

export async function authRoutes(app: FastifyInstance, { auth, twoStep, signIns, users, rateLimits, clock }: Services) {
  const loginPerAccount = keyedRateLimit(rateLimits.loginPerAccount, clock, bodyEmail);
  const forgotPerAccount = keyedRateLimit(rateLimits.forgotPasswordPerAccount, clock, bodyEmail);

  app.post('/auth/login', { preHandler: loginPerAccount, config: { rateLimit: rateLimits.login } }, async (request) =>
    auth.login(parse(loginWithCodeRequest, request.body), request.ip, request.headers['user-agent']),
  );

  app.post('/auth/refresh_token', { config: { rateLimit: rateLimits.refresh } }, async (request) =>
    auth.refresh(parse(refreshRequest, request.body).refreshToken),
  );

  app.post(
    '/auth/forgot_password',
    { preHandler: forgotPerAccount, config: { rateLimit: rateLimits.forgotPassword } },
    async (request) => {
      await auth.forgotPassword(parse(forgotPasswordRequest, request.body).email);
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post('/auth/reset_password', { config: { rateLimit: rateLimits.forgotPassword } }, async (request) => {
    await auth.resetPassword(parse(resetPasswordRequest, request.body));
    return { message: 'Password successfully reset' };
  });

  app.post(
    '/auth/change_password',
    { preHandler: app.authenticate, config: { rateLimit: rateLimits.passwordCheck } },
    async (request) => {
      await auth.changePassword(request.auth.userId, request.auth.familyId, parse(changePasswordRequest, request.body));
      return { message: 'Password successfully updated' };
    },
  );

  app.post('/auth/logout', { preHandler: app.authenticate }, async (request) => {
    await auth.logout(request.auth.userId);
    return { message: 'Logged out' };
  });

  app.get('/auth/two-step', { preHandler: app.authenticate }, async (request) => twoStep.status(request.auth.userId));

  app.post(
    '/auth/two-step/enrolment',
    { preHandler: app.authenticate, config: { rateLimit: rateLimits.passwordCheck } },
    async (request) => {
      const { email } = await users.details(request.auth.userId);
      return twoStep.startEnrolment(request.auth.userId, email);
    },
  );

  app.post(
    '/auth/two-step/enrolment/confirm',
    { preHandler: app.authenticate, config: { rateLimit: rateLimits.passwordCheck } },
    async (request) => ({
      recoveryCodes: await twoStep.confirmEnrolment(
        request.auth.userId,
        request.auth.familyId,
        parse(confirmTwoStepRequest, request.body).code,
      ),
    }),
  );

  app.post(
    '/auth/two-step/disable',
    { preHandler: app.authenticate, config: { rateLimit: rateLimits.passwordCheck } },
    async (request) => {
      await twoStep.disable(request.auth.userId, parse(disableTwoStepRequest, request.body));
      return { message: 'Two-step sign-in is off' };
    },
  );

  app.get('/auth/sign-ins', { preHandler: app.authenticate }, async (request) => signIns.recent(request.auth.userId));
}
