import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './support/harness';
import { GetAddressProvider, toAddressString } from '../../server/providers/address/getaddress';
import {
  EMPTY_POSTCODE_MESSAGE,
  INVALID_POSTCODE_MESSAGE,
  LOOKUP_UNAVAILABLE_MESSAGE,
} from '../../src/contract/address';

const lookup = (postcode: string) => ({
  method: 'GET' as const,
  url: `/api/address-lookup?postcode=${encodeURIComponent(postcode)}`,
});

describeEachDatabase('address lookup (sandbox address book)', (use) => {
  it('answers the addresses of a known postcode, given uppercased without spaces', async () => {
    const response = await use().request(lookup('SW1A2AA'));
    expect(response.statusCode).toBe(200);
    const { addresses } = response.json();
    expect(addresses.length).toBeGreaterThanOrEqual(3);
    expect(addresses).toContainEqual({ id: 'SW1A2AA-1', address: '10 Downing Street, Westminster, London' });
  });

  it('tolerates lower case and spaces', async () => {
    const response = await use().request(lookup('sw1a 2aa'));
    expect(response.statusCode).toBe(200);
    expect(response.json().addresses[0].address).toContain('Downing Street');
  });

  it('answers an empty list for a valid postcode it does not know', async () => {
    const response = await use().request(lookup('ZZ99ZZ'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ addresses: [] });
  });

  it('refuses an empty, missing or malformed postcode with 400 and a readable message', async () => {
    const context = use();
    const empty = await context.request(lookup(''));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(EMPTY_POSTCODE_MESSAGE);
    const missing = await context.request({ method: 'GET', url: '/api/address-lookup' });
    expect(missing.statusCode).toBe(400);
    for (const bad of ['12345', 'SW1A', 'ABC 123', 'X'.repeat(5000), "'; DROP TABLE users; --"]) {
      const response = await context.request(lookup(bad));
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toBe(INVALID_POSTCODE_MESSAGE);
    }
    const repeated = await context.request({
      method: 'GET',
      url: '/api/address-lookup?postcode=SW1A2AA&postcode=EC1A1BB',
    });
    expect(repeated.statusCode).toBe(400);
  });
});

describeEachDatabase(
  'address lookup rate limit',
  (use) => {
    it('answers 429 once the limit is used up', async () => {
      const context = use();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt++)
        statuses.push((await context.request(lookup('SW1A2AA'))).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    });
  },
  { rateLimits: { addressLookup: { max: 3, timeWindow: 60_000 } } },
);

/** A stand-in for getAddress.io that answers in its documented `find` format. */
let fake: FastifyInstance;
let fakeUrl = '';
const seenKeys: string[] = [];

beforeAll(async () => {
  fake = Fastify();
  fake.get<{ Params: { postcode: string }; Querystring: Record<string, string> }>(
    '/find/:postcode',
    async (request, reply) => {
      seenKeys.push(request.query['api-key'] ?? '');
      if (request.query.expand !== 'true') return reply.status(400).send({ Message: 'expand expected' });
      const postcode = request.params.postcode;
      if (postcode === 'NN13ER')
        return {
          postcode: 'NN1 3ER',
          latitude: 52.24,
          longitude: -0.89,
          addresses: [
            {
              formatted_address: ['12 Watkin Terrace', '', '', 'Northampton', 'Northamptonshire'],
              line_1: '12 Watkin Terrace',
              line_2: '',
              line_3: '',
              line_4: '',
              locality: '',
              district: 'Northampton',
              town_or_city: 'Northampton',
              county: 'Northamptonshire',
              country: 'England',
            },
            {
              formatted_address: ['Flat 2', '10 Watkin Terrace', '', 'Northampton', 'Northamptonshire'],
              line_1: 'Flat 2',
              line_2: '10 Watkin Terrace',
              line_3: '',
              line_4: '',
              locality: 'Kingsley',
              district: 'Northampton',
              town_or_city: 'Northampton',
              county: 'Northamptonshire',
              country: 'England',
            },
          ],
        };
      if (postcode === 'NN99ZZ') return reply.status(404).send({ Message: 'Postcode not found' });
      if (postcode === 'NN88ZZ') return reply.status(429).send({ Message: 'Too Many Requests' });
      if (postcode === 'NN77ZZ') return reply.type('text/html').send('<html>bad gateway</html>');
      return reply.status(500).send({ Message: 'Internal error' });
    },
  );
  await fake.listen({ port: 0, host: '127.0.0.1' });
  const address = fake.server.address();
  fakeUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await fake?.close();
});

describeEachDatabase(
  'address lookup through the getAddress.io adapter',
  (use) => {
    it('turns the expanded answer into "line 1, middle lines, town" and sends the key', async () => {
      const response = await use().request(lookup('NN1 3ER'));
      expect(response.statusCode).toBe(200);
      expect(response.json().addresses).toEqual([
        { id: 'NN13ER-1', address: '12 Watkin Terrace, Northampton' },
        { id: 'NN13ER-2', address: 'Flat 2, 10 Watkin Terrace, Kingsley, Northampton' },
      ]);
      expect(seenKeys).toContain('fake-key');
    });

    it('answers an empty list for a postcode the service does not know (404)', async () => {
      const response = await use().request(lookup('NN9 9ZZ'));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ addresses: [] });
    });

    it('answers 502 with a customer-readable message when the service fails, is rate limited or answers garbage', async () => {
      for (const postcode of ['NN88ZZ', 'NN77ZZ', 'NN66ZZ']) {
        const response = await use().request(lookup(postcode));
        expect(response.statusCode, postcode).toBe(502);
        expect(response.json().message).toBe(LOOKUP_UNAVAILABLE_MESSAGE);
      }
    });
  },
  {
    get addressProvider() {
      return new GetAddressProvider({ baseUrl: fakeUrl, apiKey: 'fake-key' });
    },
  },
);

it('answers 502 when the service cannot be reached at all', async () => {
  const provider = new GetAddressProvider({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k', timeoutMs: 2000 });
  await expect(provider.find('NN13ER')).rejects.toThrow(/unreachable/);
});

it('keeps a locality or district as line 2 so that the three address fields can all be filled', () => {
  expect(toAddressString({ line_1: '1 Mill Lane', district: 'Blaby', town_or_city: 'Leicester' })).toBe(
    '1 Mill Lane, Blaby, Leicester',
  );
  expect(
    toAddressString({
      line_1: 'Rose Cottage',
      line_2: 'Mill Lane',
      locality: 'Kirby Muxloe',
      town_or_city: 'Leicester',
    }),
  ).toBe('Rose Cottage, Mill Lane, Kirby Muxloe, Leicester');
});
