import { badRequest } from '../errors';

/** One operator action of a service: `npm run operator -- <name> <args...>`, run against that service's `S`. */
export interface OperatorCommand<S> {
  name: string;
  usage: string;
  run(services: S, args: string[]): Promise<unknown>;
}

/** A service's own operator commands, which it fills and its socket's dispatcher looks up (the first of a name wins). */
export class CommandRegistry<S> {
  constructor(readonly commands: readonly OperatorCommand<S>[]) {}

  find(name: string): OperatorCommand<S> | undefined {
    return this.commands.find((command) => command.name === name);
  }
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
