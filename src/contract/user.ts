import { z } from 'zod';
import { text } from './common';

export const userProfile = z.object({
  id: z.number(),
  firstName: text(),
  lastName: text(),
  email: text(),
  avatarUrl: text().nullable(),
  createdAt: text(),
  dateOfBirth: text(),
  phone: text(),
  address1: text(),
  address2: text(),
  addressCity: text(),
  addressPostCode: text(),
  marketingOffersEmail: z.boolean(),
  marketingOffersPhone: z.boolean(),
  marketingOffersSms: z.boolean(),
  verificationStatus: z.enum(['pending', 'passed', 'failed']),
});
export type UserProfile = z.infer<typeof userProfile>;
