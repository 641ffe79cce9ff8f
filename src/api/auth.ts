import { lazySchema, type Http } from './http';
import type {
  ChangePasswordRequest,
  DisableTwoStepRequest,
  ForgotPasswordRequest,
  LoginWithCodeRequest,
  ResetPasswordRequest,
} from '../contract/auth';

// Loaded with the first call: the session starts on every page, and zod is not needed to paint it.
const tokenResponse = lazySchema(() => import('../contract/auth').then((contract) => contract.tokenResponse));
const loginResponse = lazySchema(() => import('../contract/auth').then((contract) => contract.loginResponse));
const twoStepStatus = lazySchema(() => import('../contract/auth').then((contract) => contract.twoStepStatus));
const twoStepEnrolment = lazySchema(() => import('../contract/auth').then((contract) => contract.twoStepEnrolment));
const recoveryCodesResponse = lazySchema(() =>
  import('../contract/auth').then((contract) => contract.recoveryCodesResponse),
);
const signInHistory = lazySchema(() => import('../contract/auth').then((contract) => contract.signInHistory));
const okResponse = lazySchema(() => import('../contract/auth').then((contract) => contract.okResponse));
const userProfile = lazySchema(() => import('../contract/user').then((contract) => contract.userProfile));
const balanceResponse = lazySchema(() => import('../contract/wallet').then((contract) => contract.balanceResponse));

export function authApi(http: Http) {
  return {
    login: (body: LoginWithCodeRequest) => http.post('/auth/login', { body, schema: loginResponse }),
    refresh: (refreshToken: string) =>
      http.post('/auth/refresh_token', { body: { refreshToken }, schema: tokenResponse }),
    logout: () => http.post('/auth/logout', { schema: okResponse }),
    forgotPassword: (body: ForgotPasswordRequest) => http.post('/auth/forgot_password', { body, schema: okResponse }),
    resetPassword: (body: ResetPasswordRequest) => http.post('/auth/reset_password', { body, schema: okResponse }),
    changePassword: (body: ChangePasswordRequest) => http.post('/auth/change_password', { body, schema: okResponse }),
    userDetails: () => http.get('/user/details', { schema: userProfile }),
    balance: () => http.get('/balance', { schema: balanceResponse }),
    twoStepStatus: () => http.get('/auth/two-step', { schema: twoStepStatus }),
    startTwoStep: () => http.post('/auth/two-step/enrolment', { schema: twoStepEnrolment }),
    confirmTwoStep: (code: string) =>
      http.post('/auth/two-step/enrolment/confirm', { body: { code }, schema: recoveryCodesResponse }),
    disableTwoStep: (body: DisableTwoStepRequest) => http.post('/auth/two-step/disable', { body, schema: okResponse }),
    signIns: () => http.get('/auth/sign-ins', { schema: signInHistory }),
  };
}
export type AuthApi = ReturnType<typeof authApi>;
