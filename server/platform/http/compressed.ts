import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** The encoding the browser prefers among ours (q-values; `br;q=0` refuses brotli), named in Vary. */
function chosenEncoding(request: FastifyRequest, reply: FastifyReply): Encoding {
  reply.header('Vary', 'Accept-Encoding');
  return (negotiate(String(request.headers['accept-encoding'] ?? ''), [...ENCODINGS]) ?? 'identity') as Encoding;
}

function sendEncoded(reply: FastifyReply, encoding: Encoding, body: string | Buffer): FastifyReply {
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.send(body);
}

/**
 * Sends a body built for this request (not a file the build compressed ahead) compressed as the browser accepts:
 * brotli, else gzip, else as it is. Quality 5 and level 6: a page of tens of KB takes about a millisecond either way.
 */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: string): FastifyReply {
  const encoding = chosenEncoding(request, reply);
  if (encoding === 'br')
    return sendEncoded(reply, encoding, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (encoding === 'gzip') return sendEncoded(reply, encoding, gzipSync(body, { level: 6 }));
  return sendEncoded(reply, encoding, body);
}

/**
 * A body fixed for the server's life (the PAM's page, with its inlined stylesheet): compressed once, at the best
 * quality, and sent as the browser accepts.
 */
export function compressedOnce(body: string): (request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  const bodies: Record<Encoding, string | Buffer> = {
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(body, { level: 9 }),
    identity: body,
  };
  return (request, reply) => {
    const encoding = chosenEncoding(request, reply);
    return sendEncoded(reply, encoding, bodies[encoding]);
  };
}
