import { lazySchema, type Http } from './http';
import type { ChangePasswordRequest, ForgotPasswordRequest, LoginRequest, ResetPasswordRequest } from '../contract/auth';

// Loaded with the first call: the session starts on every page, and zod is not needed to paint it.
const tokenResponse = lazySchema(() => import('../contract/auth').then((contract) => contract.tokenResponse));
const okResponse = lazySchema(() => import('../contract/auth').then((contract) => contract.okResponse));
const userProfile = lazySchema(() => import('../contract/user').then((contract) => contract.userProfile));
const balanceResponse = lazySchema(() => import('../contract/wallet').then((contract) => contract.balanceResponse));

export function authApi(http: Http) {
  return {
    login: (body: LoginRequest) => http.post('/auth/login', { body, schema: tokenResponse }),
    refresh: (refreshToken: string) => http.post('/auth/refresh_token', { body: { refreshToken }, schema: tokenResponse }),
    logout: () => http.post('/auth/logout', { schema: okResponse }),
    forgotPassword: (body: ForgotPasswordRequest) => http.post('/auth/forgot_password', { body, schema: okResponse }),
    resetPassword: (body: ResetPasswordRequest) => http.post('/auth/reset_password', { body, schema: okResponse }),
    changePassword: (body: ChangePasswordRequest) => http.post('/auth/change_password', { body, schema: okResponse }),
    userDetails: () => http.get('/user/details', { schema: userProfile }),
    balance: () => http.get('/balance', { schema: balanceResponse }),
  };
}
export type AuthApi = ReturnType<typeof authApi>;
