import { z } from 'zod';
import { canonicalUuid } from './common';
import { authenticateRequest, gamesLaunchQuery, WALLET_ERROR_MESSAGES, WALLET_ERROR_STATUS } from './games';
import { walletAmount as amount, walletPlayerId as playerId } from './wallet-money';

export { authenticateRequest as p2pAuthenticateRequest, gamesLaunchQuery as p2pLaunchQuery };

/**
 * The exchange's door into the PAM (docs/exchange.md, "The PAM's door"), built like the sportsbook's
 * (src/contract/games.ts) with a secret of its own:
 *
 * - `GET /games/p2p[?route=/market/abc]` answers `{url}`: the exchange's address at that route, and for a signed-in
 *   customer a one-time launch token in the fragment (`#launch=<token>`, single use, 60 s) that only this door takes.
 * - `POST /games/p2p/wallet/<call>`, called by the exchange's server only, signed exactly as the sportsbook's calls
 *   (`x-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(exchangeSecret, "<t>.<METHOD> <path>\n<raw body>")>`, 300 s
 *   either way) but with EXCHANGE_SECRET: a call signed with the sportsbook's secret is refused here (401
 *   BadSignature), and this door's signature is refused there. Amounts are integer pence; ids are lower case once
 *   parsed. Errors are `{message, code}` with the status of P2P_WALLET_ERROR_STATUS; a malformed body is 400.
 *
 * Money: for each customer and market the wallet holds what the exchange asks (`hold` raises it, `release` lowers it)
 * and `settle` closes the position, paying the market's final amount for that customer (their hold plus net winnings
 * less commission). Postings are in the P2P vertical: `Exchange hold` (a debit), `Exchange release` and, at
 * settlement, `Returns` (credits), each carrying the market id as its betId and the exchange's transaction id.
 * Every market stays zero-sum: a release or settlement that would take what was paid out of a market (releases and
 * settlements, all customers) beyond what was held on it (all holds) is refused MarketOverpaid.
 *
 * Every money call is idempotent on `transactionId`: the same id with the same body answers what it answered the
 * first time and moves nothing again; the same id with another body (or of another call) answers 409
 * DuplicateTransaction. A refused call leaves no trace, and its retry is decided afresh.
 */

export const P2P_LAUNCH_PATH = '/games/p2p';
const P2P_WALLET_API_PATH = '/games/p2p/wallet';
const P2P_WALLET_CALLS = [
  'authenticate',
  'balance',
  'hold',
  'holds',
  'release',
  'releases',
  'settle',
  'positions',
  'standing',
  'blocked-since',
] as const;
export type P2pWalletCall = (typeof P2P_WALLET_CALLS)[number];
export const p2pWalletCallPath = (call: P2pWalletCall) => `${P2P_WALLET_API_PATH}/${call}`;

/** The sportsbook's codes this door shares (same words, same status), and the exchange's own. */
const SHARED_CODES = [
  'BadSignature',
  'InvalidToken',
  'SessionExpired',
  'InsufficientFunds',
  'PlayerBlocked',
  'DuplicateTransaction',
  'UnknownPlayer',
] as const;
const OWN_ERRORS = {
  HoldExceeded: 'The release is more than is held for this customer on this market',
  MarketOverpaid: 'This would pay out more on the market than its customers put in',
  PositionSettled: 'This position on the market is already settled',
} as const;
export type P2pWalletErrorCode = (typeof SHARED_CODES)[number] | keyof typeof OWN_ERRORS;

export const P2P_WALLET_ERROR_MESSAGES = {
  ...(Object.fromEntries(SHARED_CODES.map((code) => [code, WALLET_ERROR_MESSAGES[code]])) as Record<
    (typeof SHARED_CODES)[number],
    string
  >),
  ...OWN_ERRORS,
} satisfies Record<P2pWalletErrorCode, string>;

export const P2P_WALLET_ERROR_STATUS: Record<P2pWalletErrorCode, number> = {
  ...(Object.fromEntries(SHARED_CODES.map((code) => [code, WALLET_ERROR_STATUS[code]])) as Record<
    (typeof SHARED_CODES)[number],
    number
  >),
  HoldExceeded: 422,
  MarketOverpaid: 422,
  PositionSettled: 422,
};

/** The exchange's market ids (its event id and the market type's key, joined by '~'), lower case. */
const P2P_MARKET_ID_PATTERN = /^[a-z0-9._:~-]{1,160}$/;
const marketId = z
  .string({ error: 'Invalid marketId' })
  .transform((id) => id.toLowerCase())
  .pipe(z.string().regex(P2P_MARKET_ID_PATTERN, 'Invalid marketId'));
const transactionId = canonicalUuid('Invalid transactionId');
const sessionId = canonicalUuid('Invalid sessionId');

export const p2pBalanceRequest = z.strictObject({ playerId, sessionId });
export type P2pBalanceRequest = z.infer<typeof p2pBalanceRequest>;

/**
 * Raises the customer's hold on the market (an Exchange hold debit): needs a live session and no block. `eventName`
 * is the match as the exchange names it ("Arsenal v Chelsea"), kept on the position for the customer's history.
 */
export const holdRequest = z.strictObject({
  transactionId,
  playerId,
  sessionId,
  marketId,
  amount: amount(1),
  eventName: z
    .string({ error: 'Invalid eventName' })
    .trim()
    .min(1, 'Invalid eventName')
    .max(200, 'Invalid eventName')
    .optional(),
});
export type HoldRequest = z.infer<typeof holdRequest>;

/**
 * Many holds in one signed call (the orders a market placed at one moment, docs/exchange.md "Placing orders
 * together"): `{holds: HoldRequest[]}`, 1 to HOLD_BATCH_MAX. Each hold keeps every rule of the single call (its own
 * transactionId and idempotency, session, blocks, funds) and gets its own outcome, in the order sent: one refused
 * refuses only itself. A malformed item refuses the whole call (400) and moves nothing.
 */
export const HOLD_BATCH_MAX = 200;
export const holdBatchRequest = z.strictObject({
  holds: z.array(holdRequest).min(1, 'No holds').max(HOLD_BATCH_MAX, `At most ${HOLD_BATCH_MAX} holds`),
});

/** Lowers the hold (an Exchange release credit), at most to zero: no session needed (orders cancel after logout). */
export const releaseRequest = z.strictObject({ transactionId, playerId, marketId, amount: amount(1) });
export type ReleaseRequest = z.infer<typeof releaseRequest>;

/**
 * Many releases in one signed call (the ones the exchange's outbox has waiting): `{releases: ReleaseRequest[]}`, 1 to
 * HOLD_BATCH_MAX, each with every rule and the idempotency of the single call and its own outcome, in the order sent,
 * as for holds.
 */
export const releaseBatchRequest = z.strictObject({
  releases: z.array(releaseRequest).min(1, 'No releases').max(HOLD_BATCH_MAX, `At most ${HOLD_BATCH_MAX} releases`),
});

/**
 * Closes the customer's position on the market: their hold is spent and `amount` (hold plus net winnings less
 * commission; 0 when they lost it all) is paid as Returns. Once only per customer and market (PositionSettled).
 */
export const settleRequest = z.strictObject({ transactionId, playerId, marketId, amount: amount(0) });
export type SettleRequest = z.infer<typeof settleRequest>;

/** The answer to hold, release and settle: the balance after, the ledger row (null when nothing moved), the hold now. */
const p2pMoneyResponse = z.object({
  balance: z.number().int(),
  walletTransactionId: z.number().int().nullable(),
  held: z.number().int(),
});
export type P2pMoneyResponse = z.infer<typeof p2pMoneyResponse>;

/** One hold's outcome in a batch: the single call's answer, or its refusal with the status the single call gives it. */
const p2pBatchOutcome = z.union([
  z.object({ transactionId: z.string(), answer: p2pMoneyResponse }),
  z.object({
    transactionId: z.string(),
    error: z.object({ status: z.number().int(), message: z.string(), code: z.string().optional() }),
  }),
]);
export type P2pBatchOutcome = z.infer<typeof p2pBatchOutcome>;
export type HoldBatchResponse = { results: P2pBatchOutcome[] };

/** The PAM's side of a market, to reconcile the exchange's holds with: totals and each customer's position. */
export const positionsRequest = z.strictObject({ marketId });
export type PositionsRequest = z.infer<typeof positionsRequest>;
export const positionsResponse = z.object({
  marketId: z.string(),
  /** Every hold on the market, all customers. */
  totalHeld: z.number().int(),
  /** Every release and settlement paid out of it. */
  totalPaid: z.number().int(),
  positions: z.array(
    z.object({
      playerId: z.number().int(),
      held: z.number().int(),
      paid: z.number().int(),
      status: z.enum(['open', 'settled']),
    }),
  ),
  /**
   * Every money call the PAM took on the market and the ledger posting it made (`posted`, signed pence; null when it
   * moved nothing, as a settlement of 0), oldest first; a P2P posting on the market with no call record comes with
   * `call: null`. The exchange pairs each with its own call of the same id.
   */
  postings: z.array(
    z.object({
      transactionId: z.string(),
      call: z.enum(['hold', 'release', 'settle']).nullable(),
      playerId: z.number().int(),
      amount: z.number().int(),
      posted: z.number().int().nullable(),
    }),
  ),
});
export type PositionsResponse = z.infer<typeof positionsResponse>;

const STANDING_MAX_PLAYERS = 1_000;
const BLOCK_REASONS = [
  'unknown',
  'deleted',
  'suspended',
  'self-exclusion',
  'time-out',
  'locked-out',
  'unverified',
] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];

/** Whether each player may bet now (the hold's rule), and if not, why; in the order asked. */
export const standingRequest = z.strictObject({
  playerIds: z
    .array(playerId)
    .min(1, 'No playerIds')
    .max(STANDING_MAX_PLAYERS, `At most ${STANDING_MAX_PLAYERS} playerIds`),
});
export type StandingRequest = z.infer<typeof standingRequest>;
const standingResponse = z.object({
  players: z.array(
    z.object({ playerId: z.number().int(), blocked: z.boolean(), reason: z.enum(BLOCK_REASONS).nullable() }),
  ),
});
export type StandingResponse = z.infer<typeof standingResponse>;

/**
 * Blocks that began after `cursor` (suspension, deletion, time out, self-exclusion, lock-out, verification lost),
 * oldest first, and the cursor to send next time. Start with "0" (everything); a block is listed once, after its
 * transaction committed, and never skipped however transactions interleave. The block may have ended since: ask
 * standing for the present.
 */
export const blockedSinceRequest = z.strictObject({
  cursor: z.string({ error: 'Invalid cursor' }).regex(/^\d{1,19}$/, 'Invalid cursor'),
});
export type BlockedSinceRequest = z.infer<typeof blockedSinceRequest>;
const blockedSinceResponse = z.object({
  blocks: z.array(z.object({ playerId: z.number().int(), reason: z.string(), at: z.string() })),
  cursor: z.string(),
});
export type BlockedSinceResponse = z.infer<typeof blockedSinceResponse>;
