import { randomUUID } from 'node:crypto';
import { GAMES_LAUNCH_PATH, LAUNCH_FRAGMENT_KEY } from '../../src/contract/games';
import type { BetsResponse, PlaceBetRequest } from '../../src/contract/sportsbook';
import type { EventRecord } from './catalogue/records';
import { marketIdOf, selectionIdOf } from './catalogue/ids';
import type { SportsbookServices } from './services';

export interface DemoBetsOptions {
  /** Where the PAM and the sportsbook listen (both must be up). */
  pamUrl: string;
  sportsbookUrl: string;
  email: string;
  password: string;
  services: Pick<SportsbookServices, 'catalogue' | 'outbox'>;
}

async function call<T>(url: string, init: RequestInit & { json?: unknown; token?: string } = {}): Promise<T> {
  const { json, token, ...rest } = init;
  const response = await fetch(url, {
    ...rest,
    headers: {
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * Gives the demo customer real sportsbook bets, placed and settled through the same path as a customer's: sign
 * in at the PAM, launch the sportsbook with a launch token, place three singles, then the operator's result action
 * ends two of the matches: one bet won, one lost, one still open (so deleting the demo account is refused while it
 * is). Does nothing when the demo customer already has bets. Returns the bet ids placed.
 */
export async function seedDemoBets(
  options: DemoBetsOptions,
): Promise<{ won: string; lost: string; open: string } | undefined> {
  const { pamUrl, sportsbookUrl, services } = options;
  const { accessToken } = await call<{ accessToken: string }>(`${pamUrl}/auth/login`, {
    method: 'POST',
    json: { email: options.email, password: options.password },
  });
  const { url } = await call<{ url: string }>(`${pamUrl}${GAMES_LAUNCH_PATH}`, { token: accessToken });
  const launchToken = new URLSearchParams(new URL(url).hash.slice(1)).get(LAUNCH_FRAGMENT_KEY);
  if (!launchToken) throw new Error('the PAM gave no launch token');
  const { sessionToken } = await call<{ sessionToken: string }>(`${sportsbookUrl}/api/session`, {
    method: 'POST',
    json: { launchToken },
  });
  const existing = await call<BetsResponse>(`${sportsbookUrl}/api/bets`, { token: sessionToken });
  if (existing.bets.length > 0) return undefined;

  // The three latest kick-offs: far from the live ones, so the feed does not start them while this runs.
  const events = services.catalogue
    .records()
    .filter((event: EventRecord) => event.status === 'scheduled')
    .sort((a: EventRecord, b: EventRecord) => b.kickoffAt.getTime() - a.kickoffAt.getTime())
    .slice(0, 3);
  if (events.length < 3) throw new Error('the feed has fewer than three matches to bet on');
  const place = async (event: EventRecord, stake: number) => {
    const selectionId = selectionIdOf(marketIdOf(event.id, 'match-result'), 'home');
    const quote = services.catalogue.quote(selectionId);
    if (!quote?.price) throw new Error(`no price for ${selectionId}`);
    const body: PlaceBetRequest = {
      betId: randomUUID(),
      kind: 'single',
      stake,
      selections: [{ selectionId, price: quote.price }],
      acceptPriceChanges: true,
    };
    await call(`${sportsbookUrl}/api/bets`, { method: 'POST', token: sessionToken, json: body });
    return body.betId;
  };
  const won = await place(events[0]!, 500);
  const lost = await place(events[1]!, 200);
  const open = await place(events[2]!, 300);
  await services.catalogue.resultEvent(events[0]!.id, {
    halfTime: { home: 1, away: 0 },
    fullTime: { home: 2, away: 0 },
  });
  await services.catalogue.resultEvent(events[1]!.id, {
    halfTime: { home: 0, away: 0 },
    fullTime: { home: 0, away: 1 },
  });
  await services.outbox.drainDue();
  return { won, lost, open };
}
