import { z } from 'zod';
import { POSTCODE_MAX_LENGTH, UK_POSTCODE_PATTERN, compactPostcode, normalisePostcode } from '../lib/postcode';

/** The e-mail is fixed once set (terms); the server refuses any other value in an update. */
export const EMAIL_CANNOT_CHANGE = 'Your e-mail address cannot be changed';
export const MARKETING_DURING_EXCLUSION = 'Marketing cannot be switched on during a self-exclusion';
export const WRONG_PASSWORD = 'Your password is incorrect';
export const WALLET_NOT_ZERO = 'Your wallet must be empty and no withdrawal pending before you can delete your account';
export const USER_HAS_OPEN_BETS = 'You cannot delete your account while you have open bets';
/** The text the delete-account screen shows for WalletNotZero and UserHasOpenBets. */
export const CANNOT_DELETE_TEXT = 'You cannot delete your account if you have any open bets or have funds in your wallet';
export const DELETE_REFUSAL_CODES = ['WalletNotZero', 'UserHasOpenBets'] as const;

export const PHONE_PREFIX = '+44';
export const ADDRESS_ALL_OR_NOTHING = 'Please select an address or enter it manually.';
export const INCORRECT_PHONE = 'Incorrect phone number';

const addressLine = (max: number) => z.string({ error: ADDRESS_ALL_OR_NOTHING }).trim().max(max, 'This line is too long');

const addressFilled = (lines: string[]) => lines.every((line) => line !== '') || lines.every((line) => line === '');

/** PUT /auth/update_details. First name, last name and date of birth are not part of it: they cannot be edited. */
export const updateDetailsRequest = z
  .object({
    address1: addressLine(100),
    address2: addressLine(100),
    addressCity: addressLine(60),
    addressPostCode: z
      .string({ error: 'Postcode is required' })
      .trim()
      .min(1, 'Postcode is required')
      .max(POSTCODE_MAX_LENGTH, 'Postcode is too long')
      .refine((value) => UK_POSTCODE_PATTERN.test(compactPostcode(value)), 'Please enter a valid UK postcode')
      .transform(normalisePostcode),
    email: z.string({ error: 'Please enter a valid email address' }).trim().max(254, 'Please enter a valid email address').pipe(z.email('Please enter a valid email address')),
    phone: z.string({ error: INCORRECT_PHONE }).regex(/^\+447\d{9}$/, INCORRECT_PHONE),
    marketingOffersEmail: z.boolean({ error: 'Please select an option' }),
    marketingOffersPhone: z.boolean({ error: 'Please select an option' }),
    marketingOffersSms: z.boolean({ error: 'Please select an option' }),
  })
  .refine((body) => addressFilled([body.address1, body.address2, body.addressCity]), { message: ADDRESS_ALL_OR_NOTHING, path: ['address1'] });
export type UpdateDetailsRequest = z.infer<typeof updateDetailsRequest>;

const offer = z.enum(['yes', 'no'], { error: 'Please select an option' });

/** The personal-details form: the phone without +44, yes/no offers; turned into the request by toUpdateDetails. */
export const personalDetailsForm = z
  .object({
    phoneNumber: z.string().regex(/^7\d{9}$/, INCORRECT_PHONE),
    postcode: z.string().trim().min(1, 'Postcode is required').max(POSTCODE_MAX_LENGTH, 'Postcode is too long'),
    addressLine1: z.string().trim().max(100, 'This line is too long'),
    addressLine2: z.string().trim().max(100, 'This line is too long'),
    townOrCity: z.string().trim().max(60, 'This line is too long'),
    offers: z.object({ email: offer, phone: offer, sms: offer }),
  })
  .refine((form) => addressFilled([form.addressLine1, form.addressLine2, form.townOrCity]), { message: ADDRESS_ALL_OR_NOTHING, path: ['addressLine1'] });
export type PersonalDetailsForm = z.infer<typeof personalDetailsForm>;

export function toUpdateDetails(form: PersonalDetailsForm, email: string): UpdateDetailsRequest {
  return {
    address1: form.addressLine1,
    address2: form.addressLine2,
    addressCity: form.townOrCity,
    addressPostCode: normalisePostcode(form.postcode),
    email,
    phone: `${PHONE_PREFIX}${form.phoneNumber}`,
    marketingOffersEmail: form.offers.email === 'yes',
    marketingOffersPhone: form.offers.phone === 'yes',
    marketingOffersSms: form.offers.sms === 'yes',
  };
}

/** DELETE /auth/account. */
export const deleteAccountRequest = z.object({
  password: z.string({ error: 'Please enter your password' }).min(1, 'Please enter your password').max(256, 'Password is too long'),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;

/** POST /auth/change_avatar answers the new address of the picture. */
export const avatarResponse = z.object({ avatarUrl: z.string() });
export type AvatarResponse = z.infer<typeof avatarResponse>;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
