import { z } from 'zod';
import {
  MARKET_TYPES,
  MAX_SELECTIONS,
  MAX_STAKE_PENCE,
  MAX_SUBSCRIBED_EVENTS,
  MIN_STAKE_PENCE,
  PLACEMENT_REFUSALS,
  PRICE_CHANGE_POLICIES,
} from './sportsbook-rules';
import { SYSTEM_TYPES } from './sportsbook-rules';
import { canonicalUuid } from './common';
import type {
  BetView,
  Competition,
  EventDetail,
  EventSummary,
  OutrightView,
  SelectionChange,
} from './sportsbook-rules';

export * from './sportsbook-rules';
export * from './system-bets';
export * from './system-bets';

/**
 * The sportsbook's own HTTP API, served on its own origin (SPORTSBOOK_PORT) to its frame. Every call but the
 * catalogue needs `Authorization: Bearer <sessionToken>`, the token POST /api/session gave. Errors are
 * `{message, code?}`: 400 malformed, 401 no or ended session (code SessionExpired), 404 unknown, 422 a refused
 * placement (code from PLACEMENT_REFUSALS, plus `changes` where prices moved).
 *
 *   GET  /api/competitions                      -> { competitions: Competition[] }
 *   GET  /api/events?status=live|upcoming&competitionId=  -> { events: EventSummary[] }   (kick-off order)
 *   GET  /api/events/:eventId                   -> EventDetail
 *   POST /api/session { launchToken }           -> { sessionToken, balance, currency }   (token from the PAM's launch URL)
 *   GET  /api/session                           -> { balance, currency }
 *   DELETE /api/session                         -> 204
 *   POST /api/bets PlaceBetRequest              -> 201 { bet } accepted | 202 { bet } pending (status 'pending') | 422 refusal
 *                                                  An in-play bet answers 202 with `bet.heldUntil`: it is held that long
 *                                                  (the in-play delay), then accepted or refused; a `bet` push and
 *                                                  GET /api/bets/:betId tell which. Nothing is debited while it is held.
 *   POST /api/bet-builder/quote { selectionIds }  -> BetBuilderQuote | 422 {message, code: NotBuildable | ImpossibleCombination | MarketClosed | MarketSuspended | UnknownSelection}
 *   GET  /api/bets?state=open|settled&before=<placedAt ISO>  -> { bets: BetView[] }  (newest first, 50 a page)
 *   GET  /api/bets/:betId                       -> BetView (what became of a placement whose answer was lost)
 *   GET  /api/cash-out-offers                   -> CashOutOffers (the offer on each open bet now, as a press is paid)
 *   GET  /api/open-bets/live                    -> OpenBetsLive (the open bets' matches now, and each open leg's standing)
 *   POST /api/bets/:betId/cash-out CashOutRequest -> 200 CashOutAnswer | 422 refusal | 409 request id reused
 *   WS   /ws                                    SportsbookClientMessage / SportsbookServerMessage
 */

const opaqueId = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[A-Za-z0-9._:~-]+$/, 'Invalid id');

const priceSchema = z.object({
  num: z.number().int().min(1).max(1_000_000),
  den: z.number().int().min(1).max(1_000_000),
});

export const launchSessionRequest = z.object({
  launchToken: z
    .string()
    .min(16)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid launch token'),
});

export const eventsQuery = z.object({
  status: z.enum(['live', 'upcoming']).optional(),
  competitionId: opaqueId.optional(),
});

export const placeBetRequest = z
  .object({
    /** Made in the browser before sending (crypto.randomUUID) and reused on every retry of this placement. */
    betId: canonicalUuid('Invalid bet id'),
    kind: z.enum(['single', 'accumulator', 'system', 'bet-builder']),
    /** With kind 'system': which one. Its number of selections is checked by the service (422 WrongSelectionCount). */
    system: z.enum(SYSTEM_TYPES).optional(),
    /** Pence. For a system bet, the stake per line: the bet stakes (and the wallet is debited) that times its lines. */
    stake: z
      .number()
      .int('Stake must be whole pence')
      .min(MIN_STAKE_PENCE, 'Minimum stake is £0.10')
      .max(MAX_STAKE_PENCE, 'Maximum stake is £10,000'),
    /** The prices the customer saw, in slip order. */
    selections: z
      .array(z.object({ selectionId: opaqueId, price: priceSchema }))
      .min(1, 'Add a selection')
      .max(MAX_SELECTIONS, `A bet can have at most ${MAX_SELECTIONS} selections`),
    /** The customer's setting for a moved price (see PRICE_CHANGE_POLICIES); wins over acceptPriceChanges. */
    priceChanges: z.enum(PRICE_CHANGE_POLICIES).optional(),
    /** Older frames' setting: true is priceChanges 'any', false (the default) is 'never'. */
    acceptPriceChanges: z.boolean().default(false),
    /** Stake a single with this free-bet token (GET /api/free-bets); the stake must be the token's amount. */
    freeBetId: canonicalUuid('Invalid free bet').optional(),
    /** A Bet Builder's combined price, as quoted to the customer (the selections' prices are each leg's own). */
    price: priceSchema.optional(),
  })
  .refine((bet) => bet.freeBetId === undefined || bet.kind === 'single', {
    message: 'A free bet can stake a single only',
    path: ['freeBetId'],
  })
  .refine(
    (bet) =>
      bet.kind === 'single' ? bet.selections.length === 1 : bet.kind === 'system' ? true : bet.selections.length >= 2,
    {
      message: 'A single has one selection; an accumulator or a Bet Builder has two or more',
      path: ['selections'],
    },
  )
  .refine((bet) => (bet.kind === 'system') === (bet.system !== undefined), {
    message: 'A system bet names its type (and only a system bet does)',
    path: ['system'],
  })
  .refine((bet) => (bet.kind === 'bet-builder') === (bet.price !== undefined), {
    message: 'A Bet Builder needs its quoted price, and only a Bet Builder has one',
    path: ['price'],
  });
export type PlaceBetRequest = z.input<typeof placeBetRequest>;

/** A bet id in a path (GET /api/bets/:betId, POST /api/bets/:betId/cash-out), canonical as placement made it. */
export const betIdParam = canonicalUuid('No such bet');

/** POST /api/bet-builder/quote: selections of one match, to price as one bet. */
export const betBuilderQuoteRequest = z.object({
  selectionIds: z
    .array(opaqueId)
    .min(2, 'Pick at least two selections')
    .max(MAX_SELECTIONS, `A Bet Builder can have at most ${MAX_SELECTIONS} selections`),
});

/** POST /api/bets/:betId/cash-out (CashOutRequest): the offer seen, and for a partial cash out the amount wanted. */
export const cashOutRequest = z.strictObject({
  requestId: canonicalUuid('Invalid request id'),
  offer: z
    .number({ error: 'Invalid offer' })
    .int('Offer must be whole pence')
    .min(1, 'Invalid offer')
    .max(Number.MAX_SAFE_INTEGER, 'Invalid offer'),
  amount: z
    .number({ error: 'Invalid amount' })
    .int('Amount must be whole pence')
    .min(MIN_STAKE_PENCE, 'Minimum cash out is £0.10')
    .max(Number.MAX_SAFE_INTEGER, 'Invalid amount')
    .optional(),
});

export const betsQuery = z.object({
  state: z.enum(['open', 'settled']).optional(),
  before: z.iso.datetime().optional(),
});

/** What a browser may send on /ws (SportsbookClientMessage); anything else is ignored. */
export const sportsbookClientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('subscribe'),
    lists: z.boolean(),
    eventIds: z
      .array(opaqueId)
      .max(MAX_SUBSCRIBED_EVENTS * 4)
      .transform((ids) => ids.slice(0, MAX_SUBSCRIBED_EVENTS)),
  }),
  z.object({ type: z.literal('auth'), sessionToken: z.string().min(1).max(512) }),
]);

const placementRefusalCode = z.enum(PLACEMENT_REFUSALS);

export type CompetitionsResponse = { competitions: Competition[] };
export type EventsResponse = { events: EventSummary[] };
export type EventResponse = EventDetail;
export type OutrightResponse = OutrightView;
export type PlacementRefusalBody = {
  message: string;
  code: z.infer<typeof placementRefusalCode>;
  changes?: SelectionChange[];
};
export type BetsResponse = { bets: BetView[] };
export { MARKET_TYPES };
