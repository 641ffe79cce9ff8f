import { z } from 'zod';
import { text } from './common';

export const balanceResponse = z.object({ balance: z.number().int(), currency: text().default('GBP') });
export type BalanceResponse = z.infer<typeof balanceResponse>;
