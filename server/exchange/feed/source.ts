import { FEED_EVENTS_PATH, feedEventsResponse, type FeedEvent } from '../../../src/contract/feed';

/** Where the exchange learns of matches, scores and results: the sportsbook's published feed, or a test's script. */
export interface FeedSource {
  events(): Promise<FeedEvent[]>;
}

/** The sportsbook's GET /api/feed/events, server to server. */
export class HttpFeedSource implements FeedSource {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 5_000,
  ) {}

  async events(): Promise<FeedEvent[]> {
    const response = await fetch(`${this.baseUrl}${FEED_EVENTS_PATH}`, { signal: AbortSignal.timeout(this.timeoutMs) });
    if (!response.ok) throw new Error(`The feed answered HTTP ${response.status}`);
    return feedEventsResponse.parse(await response.json()).events;
  }
}
