import { z } from 'zod';
import { cardFields } from '../../contract/payments';

/**
 * The withdraw form of spec 001: the card fields count only when a new card is entered; a chosen card asks only its
 * security code, and only when the provider wants it (`codeRequired`).
 */
export const withdrawFormSchema = z
  .object({
    amount: z.string(),
    agreed: z.boolean(),
    newCard: z.boolean(),
    codeRequired: z.boolean(),
    name: z.string(),
    cardNumber: z.string(),
    expiryMM: z.string(),
    expiryYY: z.string(),
    cvv: z.string(),
  })
  .superRefine((values, context) => {
    if (!values.newCard) {
      const code = cardFields.shape.cvv.safeParse(values.cvv);
      if (values.codeRequired && !code.success)
        context.addIssue({ code: 'custom', message: code.error.issues[0]!.message, path: ['cvv'] });
      return;
    }
    const card = cardFields.safeParse(values);
    if (card.success) return;
    for (const issue of card.error.issues)
      context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
export type WithdrawFormValues = z.input<typeof withdrawFormSchema>;

export const emptyWithdrawForm: WithdrawFormValues = {
  amount: '',
  agreed: false,
  newCard: true,
  codeRequired: false,
  name: '',
  cardNumber: '',
  expiryMM: '',
  expiryYY: '',
  cvv: '',
};

export const digitsOnly = (max: number) => (typed: string) => typed.replace(/\D/g, '').slice(0, max);
