import { z } from 'zod';
import { changePasswordRequest } from '../../contract/auth';

/** The change-password request as a form: the mismatch shows even while the new password still breaks a rule. */
export const SAME_PASSWORD = 'Your new password must be different from your current password';

export const updatePasswordForm = z
  .object(changePasswordRequest.shape)
  .refine((values) => values.newPassword === values.newPasswordRepeated, {
    message: 'Passwords do not match',
    path: ['newPasswordRepeated'],
    when: (payload) => typeof (payload.value as { newPasswordRepeated?: unknown })?.newPasswordRepeated === 'string',
  })
  .refine((values) => values.newPassword === '' || values.newPassword !== values.password, {
    message: SAME_PASSWORD,
    path: ['newPassword'],
    when: (payload) =>
      typeof (payload.value as { password?: unknown; newPassword?: unknown })?.newPassword === 'string' &&
      typeof (payload.value as { password?: unknown })?.password === 'string',
  });
