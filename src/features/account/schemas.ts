import { z } from 'zod';
import { changePasswordRequest } from '../../contract/auth';

/** The change-password request as a form: the mismatch shows even while the new password still breaks a rule. */
export const updatePasswordForm = z.object(changePasswordRequest.shape).refine((values) => values.newPassword === values.newPasswordRepeated, {
  message: 'Passwords do not match',
  path: ['newPasswordRepeated'],
  when: (payload) => typeof (payload.value as { newPasswordRepeated?: unknown })?.newPasswordRepeated === 'string',
});
export type UpdatePasswordForm = z.input<typeof updatePasswordForm>;
