import { z } from 'zod';
import { confirmTwoStepRequest, loginRequest, twoStepCode } from '../../contract/auth';
import { passwordRules } from '../../contract/common';

/** The login request with the drawer's own password message (spec 000, section 5). */
export const loginForm = loginRequest.extend({
  password: z
    .string({ error: 'Please enter your password' })
    .min(1, 'Please enter your password')
    .max(256, 'Password is too long'),
});
export type LoginForm = z.input<typeof loginForm>;

/** The reset request without the code, which comes from the drawer's data rather than the form. */
export const resetPasswordForm = z
  .object({
    newPassword: passwordRules(),
    repeatedPassword: z.string({ error: 'Passwords do not match' }),
  })
  // `when` lets the mismatch show even while the new password still breaks a rule.
  .refine((values) => values.newPassword === values.repeatedPassword, {
    message: 'Passwords do not match',
    path: ['repeatedPassword'],
    when: (payload) => typeof (payload.value as { repeatedPassword?: unknown })?.repeatedPassword === 'string',
  });

/** The code asked for at sign-in: the app's 6 digits or a recovery code. */
export const twoStepCodeForm = z.object({ code: twoStepCode });

export const confirmTwoStepForm = confirmTwoStepRequest;
