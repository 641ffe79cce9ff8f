import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from './clock';
import type { AnyDatabaseHandle } from './db/database';
import type { CommandRegistry } from './operator/command';
import { runCommandRequest } from './operator/dispatch';
import { listenOperatorSocket, type OperatorSocketName } from './operator/socket';

/** What each service's start takes, from npm start, its own main.ts or a test. */
export interface StartServiceOptions<Config> {
  config: Config;
  database: AnyDatabaseHandle;
  clock: Clock;
  /** npm start passes the PAM's; otherwise one at this level (none when false). */
  logger?: FastifyBaseLogger;
  logLevel?: string | false;
  /** Tests: port 0. */
  port?: number;
  /** Listen for the operator CLI on DATA_DIR/operator/<service>.sock (npm start and main.ts do; most tests don't). */
  operatorSocket?: boolean;
}

export interface RunningService<Services> {
  app: FastifyInstance;
  services: Services;
  /** Stops the service's background work, then the server; the database is the caller's to close. */
  close(): Promise<void>;
}

/** The built client's folder when it has been built (`npm run build`), so a service without one still answers its API. */
export const builtClientDir = (clientDir: string): string | undefined =>
  existsSync(join(clientDir, 'index.html')) ? clientDir : undefined;

export interface ListenServiceOptions<S> {
  app: FastifyInstance;
  port: number;
  host: string;
  /** The service's own operator commands, on DATA_DIR/operator/<name>.sock (npm start and main.ts ask for it). */
  operator?: { dataDir: string; name: OperatorSocketName; commands: CommandRegistry<S>; services: S };
  /** Stops the service's background work and closes the app: after a failed start, and at close. */
  shutdown(): Promise<void>;
}

/**
 * Listens on a service's port, then for its operator commands. A start that fails half way shuts the service down
 * before the error goes on; the returned close stops taking commands first, then shuts the service down.
 */
export async function listenService<S>(options: ListenServiceOptions<S>): Promise<() => Promise<void>> {
  const { app, operator } = options;
  let operatorSocket: { close(): Promise<void> } | undefined;
  try {
    await app.listen({ port: options.port, host: options.host });
    if (operator)
      operatorSocket = await listenOperatorSocket(
        operator.dataDir,
        (request) =>
          runCommandRequest(operator.commands, operator.services, request, (error) =>
            app.log.error({ err: error }, 'operator command failed'),
          ),
        operator.name,
      );
  } catch (error) {
    await options.shutdown();
    throw error;
  }
  return async () => {
    await operatorSocket?.close();
    await options.shutdown();
  };
}
