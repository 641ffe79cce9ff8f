import type { Http } from './http';
import { okResponse, tokenResponse, type ChangePasswordRequest, type ForgotPasswordRequest, type LoginRequest, type ResetPasswordRequest } from '../contract/auth';
import { userProfile } from '../contract/user';
import { balanceResponse } from '../contract/wallet';

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
