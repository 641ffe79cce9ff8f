import { test, type FrameLocator, type Locator } from '@playwright/test';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { E2E_DATA_DIR, E2E_SPORTSBOOK_PORT } from '../../playwright.config';
import type { EventsResponse } from '../../src/contract/sportsbook';
import { lastUpcomingMatch } from './exchange';
import { LATER_MATCHES } from './fixtures';

/**
 * Every test that settles a match, or needs its bet on one left alone, owns that match here, so that no test settles
 * another's. Picks by position in the lists shift whenever a test settles a match side by side, and did collide in CI.
 */
const OWNERS = [
  'journey',
  'sign-in-while-placing',
  'bet-builder',
  'cash-out-in-the-slip',
  'cash-out-suspended',
  'cash-out-accepted',
  'cash-out-on-a-phone',
  'multiples-1',
  'multiples-2',
  'multiples-3',
  'multiples-4',
] as const;
export type MatchOwner = (typeof OWNERS)[number];

/** None of them kicks off during a run, however slow. */
const KICK_OFF_AT_LEAST_MS = 60 * 60 * 1000;
const LIST_FILE = join(E2E_DATA_DIR, 'own-matches.json');
const LOCK_FILE = `${LIST_FILE}.lock`;

/** The run's one list of matches to own: made by the first test to ask (in any worker), read by the rest. */
async function ownableMatches(): Promise<string[]> {
  try {
    await writeFile(LOCK_FILE, String(process.pid), { flag: 'wx' });
  } catch {
    for (let waited = 0; waited < 20_000; waited += 100) {
      const written = await readFile(LIST_FILE, 'utf8').catch(() => undefined);
      if (written) return JSON.parse(written) as string[];
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${LIST_FILE} was never written`);
  }
  const response = await fetch(`http://127.0.0.1:${E2E_SPORTSBOOK_PORT}/api/events?status=upcoming`);
  const { events } = (await response.json()) as EventsResponse;
  // The exchange's specs trade and settle the last match of each lane: one result settles both products.
  const exchanges = new Set(
    (await Promise.all([lastUpcomingMatch(0), lastUpcomingMatch(1)])).map((m) => m.event.eventId),
  );
  const earliest = Date.now() + KICK_OFF_AT_LEAST_MS;
  const ids = events
    .filter((event) => new Date(event.kickoffAt).getTime() >= earliest && !exchanges.has(event.id))
    .toSorted((a, b) => a.kickoffAt.localeCompare(b.kickoffAt) || a.id.localeCompare(b.id))
    .map((event) => event.id);
  await writeFile(`${LIST_FILE}.part`, JSON.stringify(ids));
  await rename(`${LIST_FILE}.part`, LIST_FILE);
  return ids;
}

/** The id of the match this test owns (one per owner and per repeat: `--repeat-each` runs repeats side by side). */
export async function ownMatchId(owner: MatchOwner): Promise<string> {
  const ids = await ownableMatches();
  const index = OWNERS.indexOf(owner) + OWNERS.length * test.info().repeatEachIndex;
  if (index >= ids.length) throw new Error(`Only ${ids.length} matches to own; ${owner} needs the ${index + 1}th`);
  return ids[index]!;
}

/** That match's row in the home screen's lists by competition. */
export async function ownMatchRow(frame: FrameLocator, owner: MatchOwner): Promise<Locator> {
  const eventId = await ownMatchId(owner);
  return frame.locator(LATER_MATCHES).filter({ has: frame.locator(`a[href="/event/${eventId}"]`) });
}
