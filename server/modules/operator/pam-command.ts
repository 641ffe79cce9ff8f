import type { Services } from '../../services';
import { badRequest } from '../../platform/errors';
import type { OperatorCommand } from '../../platform/operator/command';

/** One of the PAM's operator actions, run against its services. Modules contribute their own (commands.ts). */
export type PamOperatorCommand = OperatorCommand<Services>;

export async function userIdByEmail(services: Services, email: string): Promise<number> {
  const id = await services.users.findIdByEmail(email);
  if (id === undefined) throw badRequest(`No customer with e-mail ${email}`);
  return id;
}
