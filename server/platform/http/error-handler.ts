import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/**
 * PostgreSQL's refusals of a value itself: a character it cannot store (22021), a date or time out of its range
 * (22008) or malformed (22007), text that is not the type asked for (22P02). The contract refuses these first;
 * if one ever slips past it, the client still hears 400, not 500.
 */
const BAD_VALUE_CODES = new Set(['22021', '22008', '22007', '22P02']);
export const DATABASE_REFUSED_VALUE = 'Invalid value';

/** Every error answer is `{message, code?}`; clients' mistakes are 4xx with a reason, and nothing internal leaks. */
export interface ErrorHandlerOptions {
  /** Answers requests no route matched (a single-page app serves its page); the JSON 404 otherwise. */
  notFound?: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

export function installErrorHandler(app: FastifyInstance, options: ErrorHandlerOptions = {}): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ message: error.message, ...(error.code ? { code: error.code } : {}) });
    }
    if (BAD_VALUE_CODES.has(String((error as { code?: unknown }).code))) {
      request.log.warn({ err: error }, 'a value the contract should have refused reached the database');
      return reply.status(400).send({ message: DATABASE_REFUSED_VALUE, code: 'ValidationError' });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message =
        status === 413
          ? 'Request body is too large'
          : status === 415
            ? 'Unsupported content type'
            : status === 429
              ? 'Too many requests. Please try again later.'
              : (error.code?.startsWith('FST_ERR_CTP') ? 'Invalid request body' : error.message) || 'Bad request';
      return reply.status(status).send({ message, code: error.code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong. Please try again.' });
  });
  app.setNotFoundHandler(options.notFound ?? ((_request, reply) => reply.status(404).send({ message: 'Not found' })));
}
