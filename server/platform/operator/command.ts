import type { Services } from '../../services';
import { badRequest } from '../errors';

/** One operator action: `npm run operator -- <name> <args...>`. Modules contribute their own. */
export interface OperatorCommand {
  name: string;
  usage: string;
  run(services: Services, args: string[]): Promise<unknown>;
}

export function requireArgs(args: string[], count: number, usage: string): string[] {
  if (args.length < count || args.slice(0, count).some((arg) => arg.trim() === '')) throw badRequest(`Usage: ${usage}`);
  return args;
}

export function parsePence(value: string): number {
  if (!/^-?\d+$/.test(value)) throw badRequest(`Not a whole number of pence: ${value}`);
  const pence = Number(value);
  if (!Number.isSafeInteger(pence) || pence === 0) throw badRequest(`Not a usable amount of pence: ${value}`);
  return pence;
}

export async function userIdByEmail(services: Services, email: string): Promise<number> {
  const id = await services.users.findIdByEmail(email);
  if (id === undefined) throw badRequest(`No customer with e-mail ${email}`);
  return id;
}
