import type { FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FIRST_LISTS_ELEMENT_ID, type FirstLists } from '../../src/contract/sportsbook-page';
import { sendCompressed } from '../platform/http/compressed';
import type { SportsbookServices } from './services';

/** The part of the frame's index.html (src/sportsbook/index.html) that `/` answers with the lists' data instead. */
const FIRST_LISTS_PART = /<!-- first-lists\b[\s\S]*?<!-- \/first-lists -->/;

/** The lists as a JSON data block; `<` escaped, so no name from the feed can close the block or open a comment. */
export function firstListsBlock(lists: FirstLists): string {
  const json = JSON.stringify(lists).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_LISTS_ELEMENT_ID}">${json}</script>`;
}

/**
 * `/`, the frame's home: its page carries the first lists as the catalogue holds them now, so the first prices are
 * drawn as soon as the frame's script has run, with no fetch after it and nothing else sharing the line meanwhile.
 */
export async function framePageRoute(
  app: FastifyInstance,
  { catalogue, rateLimits }: Pick<SportsbookServices, 'catalogue' | 'rateLimits'>,
  clientDir: string,
): Promise<void> {
  const page = await readFile(join(clientDir, 'index.html'), 'utf8');
  app.get('/', { config: { rateLimit: rateLimits.catalogue } }, async (request, reply) => {
    const lists: FirstLists = {
      live: catalogue.listEvents({ status: 'live' }),
      upcoming: catalogue.listEvents({ status: 'upcoming' }),
      competitions: catalogue.listCompetitions(),
    };
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
    return sendCompressed(
      request,
      reply,
      page.replace(FIRST_LISTS_PART, () => firstListsBlock(lists)),
    );
  });
}
