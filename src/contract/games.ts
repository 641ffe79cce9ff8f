import { z } from 'zod';
import { canonicalUuid } from './common';
import { walletAmount as amount, walletPlayerId as playerId } from './wallet-money';

/**
 * The sportsbook's two doors into the PAM (docs/architecture.md, "The seams"):
 *
 * - `GET /games/iqs[?route=/event/abc]` answers `{url}`: the sportsbook's address at that route, and for a signed-in
 *   customer (Authorization: Bearer) a one-time launch token in the fragment (`#launch=<token>`, single use, 60 s).
 * - The seamless wallet API, `POST /games/iqs/wallet/<call>`, called by the sportsbook's server only. Every request
 *   is signed: header `x-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(sportsbookSecret, "<t>.<METHOD> <path>\n<raw body>")>`
 *   (sign with `signWalletRequest` in server/platform/signing/wallet-signature.ts). Amounts are integer pence. Errors are
 *   `{message, code}` with the status of WALLET_ERROR_STATUS; a malformed body is 400 (code ValidationError, or
 *   none for JSON that does not parse).
 *
 * Every money call (debit, credit, rollback) is idempotent on `transactionId`: the same id with the same body answers
 * what it answered the first time and moves no money again; the same id with another body answers 409
 * DuplicateTransaction. Only answers that moved (or recorded) something are kept: a refused call leaves no trace, and
 * its retry is decided afresh.
 *
 * Where the specification is silent (docs/decisions.md, "Wallet blocks before session"): every block (suspended,
 * deleted, locked out, unverified, timed out, self-excluded) is checked before the session, so a blocked customer's
 * debit answers PlayerBlocked, not SessionExpired. A credit or rollback on a closed bet answers BetClosed (a bet is
 * paid once). A bet id, or a rollback's original, that belongs to another player or another bet answers UnknownBet.
 * Unknown player: UnknownPlayer on every call.
 *
 * An extension (docs/decisions.md, "Ledger descriptions"): debit and credit take an optional `description` (plain text,
 * at most 200 characters, e.g. "Single: Rovers v United, Rovers to win @ 2/1"), which becomes the ledger row's
 * reference in the customer's history.
 */

/**
 * The descriptions the sportsbook gives its cash-out credits (see description below): the customer's history shows
 * such a payment as "Cash out", still among the Winnings (docs/decisions.md, "Cash out in history").
 */
export const CASH_OUT_DESCRIPTIONS = { full: 'Cash out', partial: 'Partial cash out' } as const;
export const isCashOutDescription = (reference: string): boolean =>
  reference === CASH_OUT_DESCRIPTIONS.full || reference === CASH_OUT_DESCRIPTIONS.partial;

export const GAMES_LAUNCH_PATH = '/games/iqs';
export const WALLET_API_PATH = '/games/iqs/wallet';
const WALLET_CALLS = ['authenticate', 'balance', 'debit', 'credit', 'rollback', 'reconciliation', 'free-bets'] as const;
export type WalletCall = (typeof WALLET_CALLS)[number];
export const walletCallPath = (call: WalletCall) => `${WALLET_API_PATH}/${call}`;

/** A launch token is single use and lives this long. */
export const LAUNCH_TOKEN_SECONDS = 60;
/** The fragment key carrying the launch token: `${url}#launch=<token>`. */
export const LAUNCH_FRAGMENT_KEY = 'launch';
/** Signed requests whose `t` is further than this from the PAM's clock are refused (BadSignature). */
export const WALLET_SIGNATURE_SKEW_SECONDS = 300;
/** Lower case, as Node presents headers. */
export const WALLET_SIGNATURE_HEADER = 'x-signature';

const WALLET_ERROR_CODES = [
  'BadSignature',
  'InvalidToken',
  'SessionExpired',
  'InsufficientFunds',
  'PlayerBlocked',
  'BetClosed',
  'TransactionRolledBack',
  'UnknownBet',
  'DuplicateTransaction',
  'UnknownPlayer',
  'FreeBetUnavailable',
  'CreditExceedsMaxReturn',
] as const;
export type WalletErrorCode = (typeof WALLET_ERROR_CODES)[number];

export const WALLET_ERROR_STATUS: Record<WalletErrorCode, number> = {
  BadSignature: 401,
  InvalidToken: 401,
  SessionExpired: 401,
  InsufficientFunds: 422,
  PlayerBlocked: 422,
  BetClosed: 422,
  TransactionRolledBack: 422,
  UnknownBet: 422,
  DuplicateTransaction: 409,
  UnknownPlayer: 422,
  FreeBetUnavailable: 422,
  CreditExceedsMaxReturn: 422,
};

/** The messages of the wallet's refusals; the sportsbook may show them in words to the customer. */
export const WALLET_ERROR_MESSAGES: Record<WalletErrorCode, string> = {
  BadSignature: 'Request signature missing, wrong or stale',
  InvalidToken: 'Launch token invalid, used or expired',
  SessionExpired: 'Your session has expired. Please log in again.',
  InsufficientFunds: 'Insufficient funds',
  PlayerBlocked: 'Your account cannot place bets at the moment.',
  BetClosed: 'This bet is already closed',
  TransactionRolledBack: 'This transaction was cancelled',
  UnknownBet: 'Unknown bet',
  DuplicateTransaction: 'This transaction id was already used for a different request',
  UnknownPlayer: 'Unknown player',
  FreeBetUnavailable: 'This free bet is not available',
  CreditExceedsMaxReturn: 'This credit would pay more than the bet can return',
};

export const WALLET_ID_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;
export const WALLET_DESCRIPTION_MAX_LENGTH = 200;

/**
 * Ids are lower case once parsed (a sportsbook, or anyone holding the secret, that sends another spelling still names
 * the same bet and transaction); every id the sportsbook makes is lower case already.
 */
export const walletId = (name: string) =>
  z
    .string({ error: `Invalid ${name}` })
    .regex(WALLET_ID_PATTERN, `Invalid ${name}`)
    .transform((id) => id.toLowerCase());
const transactionId = walletId('transactionId');
const betId = walletId('betId');
const sessionId = walletId('sessionId');
/** Plain text: no control characters (no line breaks either), at most 200 characters. */
const description = z
  .string({ error: 'Invalid description' })
  .max(WALLET_DESCRIPTION_MAX_LENGTH, 'Description is too long')
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/, 'Description must be plain text');
const currency = z.string();
const balance = z.number().int();

/** GET /games/iqs?route=/event/abc: where the frame opens; default '/'. A path on the sportsbook's origin, never another site. */
export const gamesLaunchQuery = z.object({
  route: z
    .string({ error: 'Invalid route' })
    .max(200, 'Invalid route')
    .regex(/^\/[A-Za-z0-9._~!$&'()*+,;=:@%/?-]*$/, 'Invalid route')
    .refine((route) => !route.includes('//') && !route.includes('\\'), 'Invalid route')
    .optional()
    .default('/'),
});
const gamesLaunchResponse = z.object({ url: z.string() });
export type GamesLaunchResponse = z.infer<typeof gamesLaunchResponse>;

export const authenticateRequest = z.strictObject({
  token: z.string({ error: 'Invalid token' }).min(1, 'Invalid token').max(200, 'Invalid token'),
});
const authenticateResponse = z.object({ playerId, sessionId: z.string(), currency, balance });
export type AuthenticateResponse = z.infer<typeof authenticateResponse>;

export const balanceRequest = z.strictObject({ playerId, sessionId });
export type BalanceRequest = z.infer<typeof balanceRequest>;
const walletBalanceResponse = z.object({ balance, currency });
export type WalletBalanceResponse = z.infer<typeof walletBalanceResponse>;

/**
 * A stake: posts a Stake on the bet (opening its record on the first debit). With `freeBetId` the stake is that
 * free-bet token of the player (amount must equal the token's): the token is used, no cash moves, and the answer's
 * walletTransactionId is null; a token not the player's, used, expired or of another amount: FreeBetUnavailable.
 * Its rollback gives the token back.
 *
 * `maxReturn` is the most this stake can ever return (after the sportsbook's payout cap; a free bet's winnings
 * only), kept on the bet's record (a second stake on one bet adds its own): a credit that would take the bet's
 * returns beyond it is refused CreditExceedsMaxReturn and moves nothing. A cash stake can always be refunded by a
 * credit, so its maxReturn is at least its amount.
 */
export const debitRequest = z
  .strictObject({
    transactionId,
    betId,
    playerId,
    sessionId,
    amount: amount(1),
    maxReturn: amount(0),
    description: description.optional(),
    freeBetId: canonicalUuid('Invalid freeBetId').optional(),
  })
  .refine((debit) => debit.freeBetId !== undefined || debit.maxReturn >= debit.amount, {
    message: 'maxReturn must be at least the amount of a cash stake',
    path: ['maxReturn'],
  });
export type DebitRequest = z.infer<typeof debitRequest>;

/**
 * Returns: posts Returns (0 records only the close); `closesBet` closes the bet, after which it takes no more money.
 * The bet's returns in all never pass the maxReturn its stakes carried (CreditExceedsMaxReturn).
 */
export const creditRequest = z.strictObject({
  transactionId,
  betId,
  playerId,
  amount: amount(0),
  closesBet: z.boolean({ error: 'Invalid closesBet' }),
  description: description.optional(),
});
export type CreditRequest = z.infer<typeof creditRequest>;

/**
 * Many credits in one signed call (settlement pays thousands at once): `POST /games/iqs/wallet/credits` with
 * `{credits: CreditRequest[]}` (1 to CREDIT_BATCH_MAX). Each credit keeps every rule of the single call, idempotency
 * on its own transactionId included; the answer gives each its own outcome, in the order sent: `{transactionId,
 * answer}` as the single call would answer, or `{transactionId, error: {status, message, code}}` for its refusal.
 * Sending the batch again is safe: each credit done answers what it answered. A malformed item refuses the whole
 * call (400) and moves nothing.
 */
export const WALLET_CREDIT_BATCH_PATH = `${WALLET_API_PATH}/credits`;
export const CREDIT_BATCH_MAX = 500;
export const creditBatchRequest = z.strictObject({
  credits: z.array(creditRequest).min(1, 'No credits').max(CREDIT_BATCH_MAX, `At most ${CREDIT_BATCH_MAX} credits`),
});

/**
 * Many debits in one signed call (placement under load: the stakes of the bets placed in one moment, each still its
 * own bet): `POST /games/iqs/wallet/debits` with `{debits: DebitRequest[]}` (1 to DEBIT_BATCH_MAX), answered like the
 * credits' batch: each debit keeps every rule of the single call (its own transactionId, idempotency, blocks,
 * session, funds, free bet), and its own outcome, in the order sent. One debit refused refuses only itself.
 */
export const WALLET_DEBIT_BATCH_PATH = `${WALLET_API_PATH}/debits`;
export const DEBIT_BATCH_MAX = 200;
export const debitBatchRequest = z.strictObject({
  debits: z.array(debitRequest).min(1, 'No debits').max(DEBIT_BATCH_MAX, `At most ${DEBIT_BATCH_MAX} debits`),
});

/** Cancels a debit: refunds it once (kind Refund); an original never seen is remembered, and refused if it arrives later. */
export const rollbackRequest = z.strictObject({
  transactionId,
  originalTransactionId: walletId('originalTransactionId'),
  betId,
  playerId,
});
export type RollbackRequest = z.infer<typeof rollbackRequest>;

/**
 * The answer to debit, credit and rollback: the balance after the call, and the ledger row it posted (null when it
 * moved no money: a credit of 0, or a rollback of a debit never seen or already rolled back).
 */
const walletMoneyResponse = z.object({ balance, walletTransactionId: z.number().int().nullable() });
export type WalletMoneyResponse = z.infer<typeof walletMoneyResponse>;

/** The player's usable free-bet tokens (live session needed, like balance). */
export const freeBetsRequest = z.strictObject({ playerId, sessionId });
export type FreeBetsRequest = z.infer<typeof freeBetsRequest>;
const freeBetToken = z.object({ freeBetId: z.string(), amount: z.number().int(), expiresAt: z.string() });
export type FreeBetToken = z.infer<typeof freeBetToken>;
const freeBetsResponse = z.object({ freeBets: z.array(freeBetToken) });
export type FreeBetsResponse = z.infer<typeof freeBetsResponse>;

const walletErrorBody = z.object({ message: z.string(), code: z.string().optional() });

/** One call's outcome in a batch (credits or debits): the single call's answer, or its refusal. */
const walletBatchOutcome = z.union([
  z.object({ transactionId: z.string(), answer: walletMoneyResponse }),
  z.object({ transactionId: z.string(), error: walletErrorBody.extend({ status: z.number().int() }) }),
]);
export type WalletBatchOutcome = z.infer<typeof walletBatchOutcome>;
export const walletBatchResponse = z.object({ results: z.array(walletBatchOutcome) });
