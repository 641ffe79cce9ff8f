import { z } from 'zod';
import { passwordRules } from './common';

export const loginRequest = z.object({
  email: z.string({ error: 'Empty email' }).trim().min(1, 'Empty email').max(254, 'Please enter a valid email').pipe(z.email('Please enter a valid email')),
  password: z.string({ error: 'Empty password' }).min(1, 'Empty password').max(256, 'Password is too long'),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const tokenResponse = z.object({
  accessToken: z.string(),
  tokenType: z.string().default('Bearer'),
  expiresIn: z.number(),
  refreshExpiresIn: z.number(),
  refreshToken: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const refreshRequest = z.object({
  refreshToken: z.string({ error: 'Missing refresh token' }).min(1, 'Missing refresh token').max(512, 'Invalid refresh token'),
});

export const forgotPasswordRequest = z.object({
  email: z.string({ error: 'Empty email' }).trim().min(1, 'Empty email').max(254, 'Please enter a valid email address').pipe(z.email('Please enter a valid email address')),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const resetPasswordRequest = z
  .object({
    code: z.string({ error: 'Missing reset code' }).min(1, 'Missing reset code').max(512, 'Invalid reset code'),
    newPassword: passwordRules(),
    repeatedPassword: z.string({ error: 'Passwords do not match' }),
  })
  .refine((body) => body.newPassword === body.repeatedPassword, { message: 'Passwords do not match', path: ['repeatedPassword'] });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

export const changePasswordRequest = z
  .object({
    password: z.string({ error: 'Please enter your current password' }).min(1, 'Please enter your current password').max(256),
    newPassword: passwordRules('New password'),
    newPasswordRepeated: z.string({ error: 'Passwords do not match' }),
  })
  .refine((body) => body.newPassword === body.newPasswordRepeated, { message: 'Passwords do not match', path: ['newPasswordRepeated'] });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const okResponse = z.object({ message: z.string() });
export type OkResponse = z.infer<typeof okResponse>;

/** Access token lifetime and refresh family lifetime (DESIGN.md, Token lifetimes). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_FAMILY_SECONDS = 12 * 60 * 60;
export const LOCKOUT_AFTER_FAILURES = 5;
export const LOCKED_OUT_MESSAGE = 'User is locked out.';
export const RESET_CODE_SECONDS = 60 * 60;
