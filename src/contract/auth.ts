import { z } from 'zod';
import { passwordRules, text } from './common';

export const loginRequest = z.object({
  email: text({ error: 'Empty email' }).trim().min(1, 'Empty email').max(254, 'Please enter a valid email').pipe(z.email('Please enter a valid email')),
  password: text({ error: 'Empty password' }).min(1, 'Empty password').max(256, 'Password is too long'),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const tokenResponse = z.object({
  accessToken: text(),
  tokenType: text().default('Bearer'),
  expiresIn: z.number(),
  refreshExpiresIn: z.number(),
  refreshToken: text(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const refreshRequest = z.object({
  refreshToken: text({ error: 'Missing refresh token' }).min(1, 'Missing refresh token').max(512, 'Invalid refresh token'),
});

export const forgotPasswordRequest = z.object({
  email: text({ error: 'Empty email' }).trim().min(1, 'Empty email').max(254, 'Please enter a valid email address').pipe(z.email('Please enter a valid email address')),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const resetPasswordRequest = z
  .object({
    code: text({ error: 'Missing reset code' }).min(1, 'Missing reset code').max(512, 'Invalid reset code'),
    newPassword: passwordRules(),
    repeatedPassword: text({ error: 'Passwords do not match' }),
  })
  .refine((body) => body.newPassword === body.repeatedPassword, { message: 'Passwords do not match', path: ['repeatedPassword'] });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

export const changePasswordRequest = z
  .object({
    password: text({ error: 'Please enter your current password' }).min(1, 'Please enter your current password').max(256),
    newPassword: passwordRules('New password'),
    newPasswordRepeated: text({ error: 'Passwords do not match' }),
  })
  .refine((body) => body.newPassword === body.newPasswordRepeated, { message: 'Passwords do not match', path: ['newPasswordRepeated'] });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const okResponse = z.object({ message: text() });
export type OkResponse = z.infer<typeof okResponse>;

/** Access token lifetime and refresh family lifetime (DESIGN.md, Token lifetimes). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_FAMILY_SECONDS = 12 * 60 * 60;
export const LOCKOUT_AFTER_FAILURES = 5;
export const LOCKED_OUT_MESSAGE = 'User is locked out.';
export const RESET_CODE_SECONDS = 60 * 60;
