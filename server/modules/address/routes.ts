import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { parse } from '../../platform/http/parse';
import { addressLookupQuery } from '../../../src/contract/address';

export async function addressRoutes(app: FastifyInstance, { address, rateLimits }: Services) {
  app.get('/api/address-lookup', { config: { rateLimit: rateLimits.addressLookup } }, async (request) => {
    const { postcode } = parse(addressLookupQuery, request.query);
    return { addresses: await address.lookup(postcode) };
  });
}
