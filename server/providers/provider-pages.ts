import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * What the sandbox providers' server and each provider's pages share. Its own file, so that the server
 * imports the pages and the pages import only this: the imports run one way.
 */
export interface ProvidersServerOptions {
  config: Pick<Config, 'providersPort' | 'host' | 'publicUrl' | 'providersUrl' | 'secrets'>;
  logger?: boolean;
  /** 0 picks a free port (tests). */
  port?: number;
}

/** A provider's sandbox page, registered on the providers' own origin. */
export type ProviderPages = (app: FastifyInstance, options: ProvidersServerOptions) => Promise<void>;
