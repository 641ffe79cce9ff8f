import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock';
import { parse } from '../../platform/http/parse';
import { badRequest } from '../../platform/errors';
import { verifyWalletRequest } from '../../platform/signing/wallet-signature';
import { WALLET_SIGNATURE_HEADER } from '../../../src/contract/games';

export type SignedPost = <S extends z.ZodType, T>(
  path: string,
  schema: S,
  handle: (body: z.output<S>) => Promise<T>,
) => void;

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest('Invalid request body');
  }
}

/**
 * Server-to-server calls authenticated by a signature over the exact bytes sent, with `secret`: a scope that keeps the
 * raw body, checks the signature (401 BadSignature), then parses the JSON once with the call's schema.
 */
export async function signedScope(
  app: FastifyInstance,
  secret: string,
  clock: Clock,
  register: (post: SignedPost) => void,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    register((path, schema, handle) => {
      scope.post(path, async (request: FastifyRequest) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers[WALLET_SIGNATURE_HEADER];
        verifyWalletRequest(secret, raw, typeof signature === 'string' ? signature : undefined, clock.now());
        return handle(parse(schema, parseJson(raw)));
      });
    });
  });
}
