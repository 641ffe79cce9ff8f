import { z } from 'zod';
import { DEPOSIT_POUNDS_MAX_DIGITS, LIMIT_EXCEEDED_PATTERN, depositAmount } from '../../contract/payments';

/** What the deposit field keeps of what was typed: whole pounds, digits only, at most 5 of them. */
export function cleanDepositInput(typed: string): string {
  return typed.replace(/\D/g, '').replace(/^0+(?=\d)/, '').slice(0, DEPOSIT_POUNDS_MAX_DIGITS);
}

/** The deposit form: whole pounds typed, pence out, with the specification's minimum and maximum messages. */
export const depositFormSchema = z.object({
  amount: z
    .string()
    .transform((pounds) => (pounds === '' ? 0 : Number(pounds) * 100))
    .pipe(depositAmount),
  card: z.enum(['saved', 'new']),
  storeCard: z.boolean(),
});
export type DepositFormValues = z.input<typeof depositFormSchema>;

/** A deposit refused for a limit ('Daily limit exceeded', 'Weekly ...') gets its own screen. */
export const isLimitExceeded = (message: string | undefined) => LIMIT_EXCEEDED_PATTERN.test(message ?? '');
