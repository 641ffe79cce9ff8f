import { z } from 'zod';
import { isoDate, text } from './common';

/** Exchange hold and Exchange release move money in and out of the exchange's holds (P2P vertical). */
const TRANSACTION_KINDS = [
  'Deposit',
  'Withdrawal',
  'Stake',
  'Returns',
  'Refund',
  'Adjustment',
  'Exchange hold',
  'Exchange release',
] as const;
const transactionKind = z.enum(TRANSACTION_KINDS);
export type TransactionKindName = z.infer<typeof transactionKind>;
const VERTICALS = ['sportsbook', 'p2p', 'wallet'] as const;
const vertical = z.enum(VERTICALS);
export type VerticalName = z.infer<typeof vertical>;

export const TRANSACTIONS_PAGE_SIZE = 20;
const TRANSACTIONS_MAX_PAGE_SIZE = 100;
/** The Lifetime time chip starts here. */
export const HISTORY_START = '2022-01-01T00:00:00.000Z';

/** The filter chips and the query each one sends (nothing extra for All). */
export const TRANSACTION_FILTERS = [
  { label: 'All', query: {} },
  { label: 'Deposit', query: { kind: 'Deposit' } },
  { label: 'Withdraw', query: { kind: 'Withdrawal' } },
  { label: 'Sportsbook', query: { vertical: 'sportsbook' } },
  { label: 'P2P Bets', query: { vertical: 'p2p' } },
  { label: 'Winnings', query: { kind: 'Returns' } },
] as const satisfies ReadonlyArray<{ label: string; query: { kind?: TransactionKindName; vertical?: VerticalName } }>;

const dateQuery = isoDate().transform((value) => new Date(value));
const queryInt = (max: number) =>
  z
    .union([
      z.number(),
      text()
        .regex(/^\d{1,15}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(1).max(max));

/**
 * GET /transactions: newest first by id. Keyset pagination: pass the last item's id as `prevId` to get the next
 * (older) page; a page shorter than `limit` is the last. `productVertical` is a synonym of `vertical`.
 * `from` is inclusive, `to` exclusive; both UTC ISO strings.
 */
export const transactionsQuery = z
  .object({
    kind: transactionKind.optional(),
    vertical: vertical.optional(),
    productVertical: vertical.optional(),
    from: dateQuery.optional(),
    to: dateQuery.optional(),
    prevId: queryInt(Number.MAX_SAFE_INTEGER).optional(),
    limit: queryInt(TRANSACTIONS_MAX_PAGE_SIZE).optional().default(TRANSACTIONS_PAGE_SIZE),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "'To' date cannot be before 'From' date.",
    path: ['to'],
  });
export type TransactionsQuery = z.input<typeof transactionsQuery>;

const transactionItem = z.object({
  id: z.number().int(),
  createdAt: text(),
  /** Signed pence. */
  amount: z.number().int(),
  balanceOut: z.number().int(),
  kind: transactionKind,
  vertical: vertical,
  betId: text().nullable(),
  iqsTransactionId: text().nullable(),
  reference: text(),
  /** Returns that paid a cash out (in full or in part): labelled "Cash out", still under the Winnings filter. */
  cashOut: z.boolean(),
});
export type TransactionItem = z.infer<typeof transactionItem>;

/** Newest first. */
export const transactionsResponse = z.array(transactionItem);

/**
 * GET /transactions/p2p-markets: the customer's exchange markets, newest first (the P2P Bets filter). `staked` is
 * what the exchange held for the market in the end (holds less releases); once settled, `paid` is what came back and
 * `profit` is paid less staked: net winnings after commission, or the loss.
 */
const p2pMarketItem = z.object({
  marketId: text(),
  /** The match ("Arsenal v Chelsea") as the exchange named it with its holds; null when it never did. */
  eventName: text().nullable(),
  status: z.enum(['open', 'settled']),
  staked: z.number().int(),
  paid: z.number().int(),
  profit: z.number().int().nullable(),
  openedAt: text(),
  settledAt: text().nullable(),
});
export type P2pMarketItem = z.infer<typeof p2pMarketItem>;
export const p2pMarketsResponse = z.array(p2pMarketItem);
export const P2P_MARKETS_LIMIT = 100;

/** GET /transactions/net-deposits: lifetime card deposits minus withdrawals (refunded withdrawals count back), pence. */
export const netDepositsResponse = z.object({ netDeposits: z.number().int() });
