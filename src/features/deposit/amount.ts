import { z } from 'zod';
import { DEPOSIT_POUNDS_MAX_DIGITS, LIMIT_EXCEEDED_PATTERN, depositAmount } from '../../contract/payments';
import { INVALID_AMOUNT } from '../../contract/limits-rules';
import { poundsToPence } from '../../contract/rules/money';

/** Pounds with at most two decimals: '20', '12.5', '12.50'. */
const POUNDS_PATTERN = new RegExp(`^\\d{1,${DEPOSIT_POUNDS_MAX_DIGITS}}(\\.\\d{0,2})?$`);

/**
 * What the deposit field keeps of what was typed or pasted: pounds, one decimal point, at most two decimals
 * and 5 digits of whole pounds ('£12.50' stays 12.50, never 1250). Anything else never reaches the field.
 */
export function cleanDepositInput(typed: string): string {
  const [whole = '', ...rest] = typed.replace(/[^\d.]/g, '').split('.');
  const pounds = whole.replace(/^0+(?=\d)/, '').slice(0, DEPOSIT_POUNDS_MAX_DIGITS);
  return rest.length === 0 ? pounds : `${pounds || '0'}.${rest.join('').slice(0, 2)}`;
}

/** The deposit form: pounds typed, exact pence out, with the specification's minimum and maximum messages. */
export const depositFormSchema = z.object({
  amount: z
    .string()
    .transform((pounds, context) => {
      if (pounds === '') return 0;
      if (!POUNDS_PATTERN.test(pounds)) {
        context.addIssue({ code: 'custom', message: INVALID_AMOUNT });
        return z.NEVER;
      }
      return poundsToPence(pounds);
    })
    .pipe(depositAmount),
  card: z.enum(['saved', 'new']),
  storeCard: z.boolean(),
});

/** A deposit refused for a limit ('Daily limit exceeded', 'Weekly ...') gets its own screen. */
export const isLimitExceeded = (message: string | undefined) => LIMIT_EXCEEDED_PATTERN.test(message ?? '');
