import { z } from 'zod';

/**
 * The sportsbook's published feed (GET /api/feed/events on its origin): the fixtures, scores and results other
 * services (the exchange) build on, so none of them ever reads the sportsbook's tables. Open to anyone, like the
 * catalogue. `goals` counts every goal so far: a rise is a goal, even when a poll missed the score between.
 */
export const FEED_EVENTS_PATH = '/api/feed/events';

const FEED_STATUSES = ['scheduled', 'live', 'finished', 'abandoned'] as const;
export type FeedStatus = (typeof FEED_STATUSES)[number];

const feedEvent = z.object({
  eventId: z.string().min(1).max(120),
  home: z.string().min(1),
  away: z.string().min(1),
  startsAt: z.iso.datetime(),
  status: z.enum(FEED_STATUSES),
  score: z.object({ home: z.number().int().min(0), away: z.number().int().min(0) }),
  goals: z.number().int().min(0),
});
export type FeedEvent = z.infer<typeof feedEvent>;

export const feedEventsResponse = z.object({ events: z.array(feedEvent) });
export type FeedEventsResponse = z.infer<typeof feedEventsResponse>;
