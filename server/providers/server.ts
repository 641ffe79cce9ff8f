import Fastify, { type FastifyInstance } from 'fastify';
import { installErrorHandler } from '../platform/http/error-handler';
import { cardPaymentPages } from './card-payments/pages';
import { walletSheetPages } from './card-payments/wallet-sheet';
import { identityVerificationPages } from './identity/pages';
import { creditReferencePages } from './credit-reference/pages';
import type { ProviderPages, ProvidersServerOptions } from './provider-pages';

/** The pages that stand in for outside parties. Each provider module adds its pages here. */
const providerPages: ProviderPages[] = [
  cardPaymentPages,
  walletSheetPages,
  identityVerificationPages,
  creditReferencePages,
];

/**
 * Sandbox providers (card payments, identity verification) on their own port and so their own origin,
 * so that the app's checks on window messages are as real as with the outside parties.
 */
export async function buildProvidersServer(options: ProvidersServerOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 16 * 1024 });
  installErrorHandler(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
  });
  app.get('/', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox providers</title></head><body><h1>Sandbox providers</h1><p>Stand-ins for the card payment, identity verification and credit-reference providers.</p></body></html>',
      ),
  );
  for (const pages of providerPages) await pages(app, options);
  return app;
}

export async function startProvidersServer(options: ProvidersServerOptions): Promise<FastifyInstance> {
  const app = await buildProvidersServer(options);
  await app.listen({ port: options.port ?? options.config.providersPort, host: options.config.host });
  return app;
}
