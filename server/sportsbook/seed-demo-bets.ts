import { randomUUID } from 'node:crypto';
import { GAMES_LAUNCH_PATH } from '../../src/contract/games';
import { callJson, launchAtPam } from '../platform/http/launch-client';
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
  const launchToken = await launchAtPam(pamUrl, options, GAMES_LAUNCH_PATH);
  const { sessionToken } = await callJson<{ sessionToken: string }>(`${sportsbookUrl}/api/session`, {
    method: 'POST',
    json: { launchToken },
  });
  const existing = await callJson<BetsResponse>(`${sportsbookUrl}/api/bets`, { token: sessionToken });
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
    await callJson(`${sportsbookUrl}/api/bets`, { method: 'POST', token: sessionToken, json: body });
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
