import { AppError } from '../errors';
import type { CommandRegistry } from './command';

/** What the server answers an operator command, over the operator socket: HTTP-like status, and a result or a message. */
export interface OperatorAnswer {
  status: number;
  result?: unknown;
  message?: string;
}

/** Runs one `{command, args}` request against a service's own commands; never throws, so the socket always answers. */
export async function runCommandRequest<S>(
  registry: Pick<CommandRegistry<S>, 'find'>,
  services: S,
  request: unknown,
  logError: (error: unknown) => void = () => {},
): Promise<OperatorAnswer> {
  const { command: name, args } = (request ?? {}) as { command?: unknown; args?: unknown };
  if (typeof name !== 'string' || !Array.isArray(args) || !args.every((arg) => typeof arg === 'string'))
    return { status: 400, message: 'Expected {"command": string, "args": string[]}' };
  const command = registry.find(name);
  if (!command) return { status: 404, message: `Unknown operator command: ${name}` };
  try {
    return { status: 200, result: await command.run(services, args) };
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, message: error.message };
    logError(error);
    return { status: 500, message: 'The command failed; see the server log.' };
  }
}
