import { z } from 'zod';
import { passwordRules, text } from './common';

export const loginRequest = z.object({
  email: text({ error: 'Empty email' })
    .trim()
    .min(1, 'Empty email')
    .max(254, 'Please enter a valid email')
    .pipe(z.email('Please enter a valid email')),
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
  refreshToken: text({ error: 'Missing refresh token' })
    .min(1, 'Missing refresh token')
    .max(512, 'Invalid refresh token'),
});

export const forgotPasswordRequest = z.object({
  email: text({ error: 'Empty email' })
    .trim()
    .min(1, 'Empty email')
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const resetPasswordRequest = z
  .object({
    code: text({ error: 'Missing reset code' }).min(1, 'Missing reset code').max(512, 'Invalid reset code'),
    newPassword: passwordRules(),
    repeatedPassword: text({ error: 'Passwords do not match' }),
  })
  .refine((body) => body.newPassword === body.repeatedPassword, {
    message: 'Passwords do not match',
    path: ['repeatedPassword'],
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

export const changePasswordRequest = z
  .object({
    password: text({ error: 'Please enter your current password' })
      .min(1, 'Please enter your current password')
      .max(256),
    newPassword: passwordRules('New password'),
    newPasswordRepeated: text({ error: 'Passwords do not match' }),
  })
  .refine((body) => body.newPassword === body.newPasswordRepeated, {
    message: 'Passwords do not match',
    path: ['newPasswordRepeated'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const okResponse = z.object({ message: text() });

/** Access token lifetime and refresh family lifetime (docs/decisions.md, Token lifetimes). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_FAMILY_SECONDS = 12 * 60 * 60;
export const LOCKOUT_AFTER_FAILURES = 5;
export const LOCKED_OUT_MESSAGE = 'User is locked out.';
export const RESET_CODE_SECONDS = 60 * 60;

// ---- two-step sign-in (TOTP) ----

export const RECOVERY_CODE_COUNT = 10;
export const TWO_STEP_REQUIRED_MESSAGE = 'Enter the 6-digit code from your authenticator app.';
export const TWO_STEP_INVALID_MESSAGE =
  'That code is not right, or it has already been used. Enter the current code from your authenticator app, or a recovery code.';
export const TWO_STEP_ISSUER = 'ExSport';

/** A 6-digit authenticator code, or a recovery code (letters and digits, hyphens and spaces ignored). */
export const twoStepCode = text({ error: 'Enter the code' })
  .trim()
  .min(1, 'Enter the code')
  .max(32, 'That code is too long')
  .regex(/^[A-Za-z0-9 -]+$/, 'Use the digits from your app, or a recovery code');

export const loginWithCodeRequest = loginRequest.extend({ code: twoStepCode.optional() });
export type LoginWithCodeRequest = z.infer<typeof loginWithCodeRequest>;

export const loginResponse = tokenResponse.extend({
  /** When this customer last signed in before this sign-in (ISO), null the first time. */
  previousSignInAt: text().nullable().optional(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const twoStepStatus = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number() });
export type TwoStepStatus = z.infer<typeof twoStepStatus>;

/** What the app shows to enrol: the QR code (a PNG data URL) and the same key as text for typing in. */
export const twoStepEnrolment = z.object({ qrCode: text(), secret: text(), otpauthUri: text() });
export type TwoStepEnrolment = z.infer<typeof twoStepEnrolment>;

export const confirmTwoStepRequest = z.object({
  code: text({ error: 'Enter the code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6 digits from your authenticator app'),
});

/** Shown once, never again: each works once in place of a code. */
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(text()) });

export const disableTwoStepRequest = z.object({
  password: text({ error: 'Please enter your password' })
    .min(1, 'Please enter your password')
    .max(256, 'Password is too long'),
  code: twoStepCode,
});
export type DisableTwoStepRequest = z.infer<typeof disableTwoStepRequest>;

// ---- sign-in history ----

const signInHistoryEntry = z.object({
  at: text(),
  /** The browser and system in words ("Chrome on Android"), from the user agent. */
  device: text(),
  /** Approximate place; null when unknown (no location is guessed from the address). */
  place: text().nullable(),
});
export const signInHistory = z.object({ signIns: z.array(signInHistoryEntry) });
export type SignInHistory = z.infer<typeof signInHistory>;
export const SIGN_IN_HISTORY_LENGTH = 20;
