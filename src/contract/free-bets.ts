import { z } from 'zod';

/**
 * GET /free-bets (signed in): the customer's free bets they can stake now, soonest to expire first, so the account
 * menu shows them before anything is on a bet slip. Pence; UTC ISO expiry.
 */
export const customerFreeBetsResponse = z.object({
  freeBets: z.array(z.object({ freeBetId: z.string(), amount: z.number().int(), expiresAt: z.string() })),
});
export type CustomerFreeBets = z.infer<typeof customerFreeBetsResponse>;
