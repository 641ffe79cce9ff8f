import { z } from 'zod';

export const liveMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('updateBalance'), data: z.object({ balance: z.number().int() }) }),
  z.object({ type: z.literal('userSuspension') }),
]);
export type LiveMessage = z.infer<typeof liveMessage>;

/** Close codes the server uses; 1000 is a clean close and is not retried. */
export const LIVE_CLOSE_UNAUTHORIZED = 4401;
export const LIVE_CLOSE_SUSPENDED = 4403;
export const LIVE_CLOSE_SIGNED_OUT = 4000;
