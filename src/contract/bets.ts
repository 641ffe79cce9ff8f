import { z } from 'zod';
import { text } from './common';

const betStatus = z.enum(['Open', 'Settled', 'Refunded']);

/** One bet as the bets record keeps it: what was staked on it and what came back for it. */
const betSummary = z.object({
  betId: text(),
  vertical: z.enum(['sportsbook', 'p2p', 'wallet']),
  placedAt: text(),
  /** Pence, positive. */
  stake: z.number().int(),
  /** Pence paid back (Returns and Refunds), null while open. Refunded: every stake came back by rollback and nothing else. */
  returns: z.number().int().nullable(),
  status: betStatus,
});
export type BetSummary = z.infer<typeof betSummary>;
export const betsResponse = z.array(betSummary);
