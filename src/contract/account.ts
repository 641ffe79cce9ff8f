import { z } from 'zod';
import { text } from './common';
import { normalisePostcode } from './rules/postcode';
import {
  NATIONAL_NUMBER_PATTERN,
  PHONE_PREFIX,
  REGISTRATION_MESSAGES as M,
  addressCompleteness,
  ukPostcode,
} from './registration';

/** The e-mail is fixed once set (terms); the server refuses any other value in an update. */
export const EMAIL_CANNOT_CHANGE = 'Your e-mail address cannot be changed';
export const MARKETING_DURING_EXCLUSION = 'Marketing cannot be switched on during a self-exclusion';
export const WRONG_PASSWORD = 'Your password is incorrect';
export const WALLET_NOT_ZERO = 'Your wallet must be empty and no withdrawal pending before you can delete your account';
export const USER_HAS_OPEN_BETS = 'You cannot delete your account while you have open bets';
/** Spec 000: the delete-account drawer's alternative title, the heading of its form under the title bar 'Delete Account'. */
export const DELETE_ACCOUNT_HEADING = 'Delete your account';
/** The text the delete-account screen shows for WalletNotZero and UserHasOpenBets. */
export const CANNOT_DELETE_TEXT =
  'You cannot delete your account if you have any open bets or have funds in your wallet';
export const DELETE_REFUSAL_CODES = ['WalletNotZero', 'UserHasOpenBets'] as const;

const addressLine = (max: number) => text({ error: M.address }).trim().max(max, 'This line is too long');
const offerFlag = z.boolean({ error: M.offer });

/** PUT /auth/update_details. First name, last name and date of birth are not part of it: they cannot be edited. */
export const updateDetailsRequest = z
  .object({
    address1: addressLine(100),
    address2: addressLine(100),
    addressCity: addressLine(60),
    addressPostCode: ukPostcode,
    email: text({ error: 'Please enter a valid email address' })
      .trim()
      .max(254, 'Please enter a valid email address')
      .pipe(z.email('Please enter a valid email address')),
    phone: z
      .string({ error: M.phone })
      .refine(
        (value) => value.startsWith(PHONE_PREFIX) && NATIONAL_NUMBER_PATTERN.test(value.slice(PHONE_PREFIX.length)),
        M.phone,
      ),
    marketingOffersEmail: offerFlag,
    marketingOffersPhone: offerFlag,
    marketingOffersSms: offerFlag,
  })
  .refine((body) => addressCompleteness([body.address1, body.address2, body.addressCity]), {
    message: M.address,
    path: ['address1'],
  });
export type UpdateDetailsRequest = z.infer<typeof updateDetailsRequest>;

const offer = z.enum(['yes', 'no'], { error: M.offer });

/** The personal-details form: the phone without +44, yes/no offers; turned into the request by toUpdateDetails. */
export const personalDetailsForm = z
  .object({
    phoneNumber: text({ error: M.phone }).regex(NATIONAL_NUMBER_PATTERN, M.phone),
    postcode: ukPostcode,
    addressLine1: addressLine(100),
    addressLine2: addressLine(100),
    townOrCity: addressLine(60),
    offers: z.object({ email: offer, phone: offer, sms: offer }),
  })
  .refine((form) => addressCompleteness([form.addressLine1, form.addressLine2, form.townOrCity]), {
    message: M.address,
    path: ['addressLine1'],
  });
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
  password: text({ error: 'Please enter your password' })
    .min(1, 'Please enter your password')
    .max(256, 'Password is too long'),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;

/** POST /auth/change_avatar answers the new address of the picture. */
export const avatarResponse = z.object({ avatarUrl: text() });
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
