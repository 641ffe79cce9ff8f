import type { z } from 'zod';
import { badRequest } from '../errors';

/** Parses untrusted input with a contract schema; the first problem becomes a 400 with a message users can read. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw badRequest('Invalid request');
  if (issue.path.length === 0 && (input === undefined || input === null || typeof input !== 'object')) {
    throw badRequest('Invalid request body');
  }
  const field = issue.path.join('.');
  // zod's own wording ("Invalid input: expected string, received number") is for developers: name the field.
  const message =
    issue.message.startsWith('Invalid input') ||
    issue.message.startsWith('Too big') ||
    issue.message.startsWith('Too small') ||
    issue.message.startsWith('Unrecognized')
      ? `Invalid value for ${field || 'request'}`
      : issue.message;
  throw badRequest(message, 'ValidationError');
}
