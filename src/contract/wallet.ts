import { z } from 'zod';

export const balanceResponse = z.object({ balance: z.number().int(), currency: z.string().default('GBP') });
export type BalanceResponse = z.infer<typeof balanceResponse>;
