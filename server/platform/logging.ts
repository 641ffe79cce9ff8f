import type { FastifyBaseLogger } from 'fastify';
import { isProductionRun } from './config';

/**
 * How a service logs. In development a person reads the terminal: warnings and errors only, as readable lines, and
 * requests only when asked for (LOG_LEVEL=info). In production a collector reads it: JSON, requests included.
 */
export interface LogSettings {
  level: string;
  pretty: boolean;
  production: boolean;
}

export function logSettingsFromEnv(env: NodeJS.ProcessEnv): LogSettings {
  const production = isProductionRun(env);
  return {
    level: env.LOG_LEVEL || (production ? 'info' : 'warn'),
    pretty: !production && env.LOG_FORMAT !== 'json',
    production,
  };
}

/** pino's options for a readable terminal: pino-pretty, one line per entry. */
export function prettyLogOptions(pretty: boolean | undefined) {
  if (!pretty) return {};
  return {
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
    },
  };
}

/**
 * The line a newcomer needs (where a service listens): always printed plainly in development, whatever the level;
 * in production an info entry like any other.
 */
export function announce(logger: FastifyBaseLogger, settings: LogSettings, line: string): void {
  if (settings.production) logger.info(line);
  else console.log(line);
}
