import { z } from 'zod';

export const userProfile = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
  dateOfBirth: z.string(),
  phone: z.string(),
  address1: z.string(),
  address2: z.string(),
  addressCity: z.string(),
  addressPostCode: z.string(),
  marketingOffersEmail: z.boolean(),
  marketingOffersPhone: z.boolean(),
  marketingOffersSms: z.boolean(),
  verificationStatus: z.enum(['pending', 'passed', 'failed']),
});
export type UserProfile = z.infer<typeof userProfile>;
