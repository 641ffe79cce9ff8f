import { z } from 'zod';
import { walletId, WALLET_ID_PATTERN } from './games';

/**
 * The PAM's side of a reconciliation, on its signed wallet API (`POST /games/iqs/wallet/reconciliation`, signed like
 * every wallet call): what the PAM knows of sportsbook bets, from its bets record and its ledger, so the sportsbook
 * can compare without either service reading the other's tables.
 *
 * Ask by range (`since`: bets the PAM touched since then, in bet id order, `limit` at a time after `after`) or by
 * id (`betIds`, at most RECONCILIATION_MAX_IDS). The answer lists each bet the PAM has (a bet it never saw is simply
 * absent) with its postings, and for every player named, the wallet balance beside the sum of the player's postings,
 * read in one snapshot.
 */
export const RECONCILIATION_MAX_IDS = 1_000;
export const RECONCILIATION_DEFAULT_LIMIT = 1_000;

const betId = walletId('betId');
/** A page's cursor: the last bet id of the page before, exactly as the PAM answered it (not an id to canonicalise). */
const cursor = z.string({ error: 'Invalid after' }).regex(WALLET_ID_PATTERN, 'Invalid after');

export const reconciliationRequest = z
  .strictObject({
    since: z.iso.datetime({ offset: true, error: 'Invalid since: give an ISO date and time' }).optional(),
    after: cursor.optional(),
    limit: z
      .number({ error: 'Invalid limit' })
      .int('Invalid limit')
      .min(1, 'Invalid limit')
      .max(RECONCILIATION_MAX_IDS, 'Invalid limit')
      .optional(),
    betIds: z
      .array(betId, { error: 'Invalid betIds' })
      .max(RECONCILIATION_MAX_IDS, `At most ${RECONCILIATION_MAX_IDS} betIds`)
      .optional(),
  })
  .refine((request) => (request.since === undefined) !== (request.betIds === undefined), 'Give either since or betIds');
export type ReconciliationRequest = z.input<typeof reconciliationRequest>;

/** The answer's ids are read as the PAM holds them, never canonicalised: reconcile must see a bet held in another spelling. */
const reconciliationPosting = z.object({
  /** The sportsbook's transaction id the posting answered (null for postings not made by a wallet call). */
  transactionId: z.string().nullable(),
  kind: z.enum(['Stake', 'Returns', 'Refund']),
  /** Signed pence, as the ledger holds it: a stake is negative. */
  amount: z.number().int(),
  walletTransactionId: z.number().int(),
});
export type ReconciliationPosting = z.infer<typeof reconciliationPosting>;

const reconciliationBet = z.object({
  betId: z.string(),
  playerId: z.number().int(),
  /** The bets record's sums, pence. */
  staked: z.number().int(),
  refunded: z.number().int(),
  returned: z.number().int(),
  status: z.enum(['open', 'closed']),
  postings: z.array(reconciliationPosting),
});
export type ReconciliationBet = z.infer<typeof reconciliationBet>;

const reconciliationPlayer = z.object({
  playerId: z.number().int(),
  balance: z.number().int(),
  postingsTotal: z.number().int(),
});
export type ReconciliationPlayer = z.infer<typeof reconciliationPlayer>;

export const reconciliationResponse = z.object({
  bets: z.array(reconciliationBet),
  players: z.array(reconciliationPlayer),
  /** Range mode: the `after` for the next page, or null at the end. */
  next: z.string().nullable(),
});
export type ReconciliationResponse = z.infer<typeof reconciliationResponse>;
