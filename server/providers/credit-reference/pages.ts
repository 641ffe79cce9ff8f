import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { text } from '../../../src/contract/common';
import { badRequest } from '../../platform/errors';
import type { ProvidersServerOptions } from '../provider-pages';
import { CREDIT_REFERENCE_SANDBOX_PATH, sandboxPublicRecords } from './sandbox';

const checkRequest = z.object({
  firstName: text().max(100),
  lastName: text().min(1).max(100),
  dateOfBirth: text().max(20),
  postcode: text().max(20),
});

/** The sandbox bureau on the providers' origin, answering as CreditReferenceApiProvider expects a real one to. */
export async function creditReferencePages(app: FastifyInstance, _options: ProvidersServerOptions): Promise<void> {
  app.post(CREDIT_REFERENCE_SANDBOX_PATH, async (request) => {
    const person = checkRequest.safeParse(request.body);
    if (!person.success) throw badRequest('A check needs firstName, lastName, dateOfBirth and postcode');
    return {
      reference: `sandbox-${randomUUID()}`,
      publicRecords: sandboxPublicRecords(person.data.lastName).map((type) => ({ type })),
    };
  });
}
