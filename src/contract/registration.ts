import { z } from 'zod';
import { canonicalUuid, passwordRules, text } from './common';
import { INVALID_POSTCODE_MESSAGE } from './address';
import { POSTCODE_MAX_LENGTH, isLookupPostcode, normalisePostcode, spacedPostcode } from './rules/postcode';
import { MINIMUM_BIRTH_YEAR, isAdultOn, parseIsoDay, type CalendarDay } from './rules/birth-date';

/** The specification's words (spec 000 section 5), character for character. */
export const REGISTRATION_MESSAGES = {
  emptyEmail: 'Empty email',
  invalidEmail: 'Please enter a valid email address',
  emailsDiffer: 'Emails do not match',
  repeatPassword: 'Repeat your password',
  passwordsDiffer: 'Passwords do not match',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  day: 'DD',
  month: 'MM',
  year: 'YYYY',
  dateOfBirth: 'Please enter a valid date of birth and make sure you are at least 18 years old.',
  phone: 'Incorrect phone number',
  postcodeRequired: 'Postcode is required',
  postcodeTooLong: 'Postcode is too long',
  address: 'Please select an address or enter it manually.',
  offer: 'Please select an option',
  offersSummary: 'Please select options for all offer preferences',
  terms: 'You must accept the terms and privacy policy',
} as const;
const M = REGISTRATION_MESSAGES;

export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists';
export const NO_VERIFICATION_URL = 'No verification URL received from backend.';
export const PHONE_PREFIX = '+44';

// ---- shared field rules: the form's steps and the wire payload use the same ones ----

const email = text({ error: M.emptyEmail })
  .trim()
  .min(1, M.emptyEmail)
  .max(254, M.invalidEmail)
  .pipe(z.email(M.invalidEmail));

/** Letters (any alphabet) and hyphens; typing strips everything else. */
export const stripNameCharacters = (value: string) => value.replace(/[^\p{L}-]/gu, '');
const name = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(50, `${required.replace(' is required', '')} is too long`)
    .regex(/^[\p{L}-]+$/u, 'Use letters and hyphens only');

/** The national number: 10 digits starting with 7 (+44 is fixed). */
export const NATIONAL_NUMBER_PATTERN = /^7\d{9}$/;

/**
 * Accepts exactly what the address lookup accepts: the length is counted on the postcode as the form shows it
 * (spaces collapsed to the one before the last three characters), so extra spaces never make it 'too long'.
 */
export const ukPostcode = z
  .string({ error: M.postcodeRequired })
  .trim()
  .min(1, M.postcodeRequired)
  .refine((value) => spacedPostcode(value).length <= POSTCODE_MAX_LENGTH, M.postcodeTooLong)
  .refine(isLookupPostcode, INVALID_POSTCODE_MESSAGE)
  .transform(normalisePostcode);

const addressLine = text({ error: M.address }).trim().max(100, 'Address line is too long');

/** Address lines are optional, but all three or none. */
export const addressCompleteness = (lines: string[]) =>
  lines.every((line) => line.trim() === '') || lines.every((line) => line.trim() !== '');

const optionalText = (max: number) => text().trim().max(max).nullish();

// ---- step 1: email ----

export const emailStepSchema = z
  .object({ email, confirmEmail: text({ error: M.emailsDiffer }) })
  // Spec 000: the confirmation must match the e-mail, character for character (case included).
  .refine((values) => values.email === values.confirmEmail.trim(), { message: M.emailsDiffer, path: ['confirmEmail'] });
export type EmailStepValues = z.input<typeof emailStepSchema>;

// ---- step 2: password ----

export const passwordStepSchema = z
  .object({ password: passwordRules(), confirmPassword: text({ error: M.repeatPassword }).min(8, M.repeatPassword) })
  .refine((values) => values.password === values.confirmPassword, {
    message: M.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type PasswordStepValues = z.input<typeof passwordStepSchema>;

// ---- step 3: personal details ----

const inRange = (min: number, max: number) => (value: string) => Number(value) >= min && Number(value) <= max;
const dayPart = text({ error: M.day })
  .regex(/^\d{1,2}$/, M.day)
  .refine(inRange(1, 31), M.day);
const monthPart = text({ error: M.month })
  .regex(/^\d{1,2}$/, M.month)
  .refine(inRange(1, 12), M.month);
const yearPart = text({ error: M.year })
  .regex(/^\d{4}$/, M.year)
  .refine((value) => Number(value) >= MINIMUM_BIRTH_YEAR, M.year);

export interface DateParts {
  day: string;
  month: string;
  year: string;
}
export const partsToDay = (parts: DateParts): CalendarDay => ({
  year: Number(parts.year),
  month: Number(parts.month),
  day: Number(parts.day),
});

const offerChoice = z.enum(['yes', 'no'], { error: M.offer });
export const OFFER_CHANNELS = ['email', 'phone', 'sms'] as const;

/** `today` is read at each validation: the browser's date in the form, the UK date on the server. */
export function personalStepSchema(today: () => CalendarDay) {
  return z
    .object({
      firstName: name(M.firstName),
      lastName: name(M.lastName),
      dateOfBirth: z.object({ day: dayPart, month: monthPart, year: yearPart }).refine(
        (parts) => {
          const partsValid =
            dayPart.safeParse(parts.day).success &&
            monthPart.safeParse(parts.month).success &&
            yearPart.safeParse(parts.year).success;
          return !partsValid || isAdultOn(partsToDay(parts), today());
        },
        { message: M.dateOfBirth },
      ),
      phoneNumber: text({ error: M.phone }).regex(NATIONAL_NUMBER_PATTERN, M.phone),
      postcode: ukPostcode,
      addressLine1: addressLine,
      addressLine2: addressLine,
      townOrCity: addressLine,
      promoCode: text().trim().max(50, 'Promotional code is too long').optional(),
      offers: z.object({ email: offerChoice, phone: offerChoice, sms: offerChoice }, { error: M.offersSummary }),
      termsAccepted: z.literal(true, { error: M.terms }),
    })
    .refine(...addressLineComplete('addressLine1'))
    .refine(...addressLineComplete('addressLine2'))
    .refine(...addressLineComplete('townOrCity'));
}

type AddressLineKey = 'addressLine1' | 'addressLine2' | 'townOrCity';
/**
 * One check per address field, so that each empty one carries the message. `when` runs them even while
 * other fields (offers, terms) are still missing: the address is re-validated on its own as it changes.
 */
function addressLineComplete(
  key: AddressLineKey,
): [
  (values: Record<AddressLineKey, unknown> | null | undefined) => boolean,
  { message: string; path: PropertyKey[]; when: () => boolean },
] {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return [
    (values: Record<AddressLineKey, unknown> | null | undefined) => {
      const lines = [text(values?.addressLine1), text(values?.addressLine2), text(values?.townOrCity)];
      return addressCompleteness(lines) || text(values?.[key]).trim() !== '';
    },
    { message: M.address, path: [key], when: () => true },
  ];
}
type PersonalStepSchema = ReturnType<typeof personalStepSchema>;
export type PersonalStepValues = z.input<PersonalStepSchema>;
export type PersonalStepOutput = z.output<PersonalStepSchema>;

/** Spec 000 section 4: Next stays disabled until these are all given. */
export function canSubmitPersonal(
  values: Partial<{
    firstName: string;
    lastName: string;
    phoneNumber: string;
    postcode: string;
    dateOfBirth: Partial<DateParts>;
    addressLine1: string;
    addressLine2: string;
    townOrCity: string;
    offers: Partial<Record<(typeof OFFER_CHANNELS)[number], string | null>>;
    termsAccepted: boolean;
  }>,
): boolean {
  const filled = (value: string | undefined | null) => typeof value === 'string' && value.trim() !== '';
  const required = [
    values.firstName,
    values.lastName,
    values.phoneNumber,
    values.postcode,
    values.dateOfBirth?.day,
    values.dateOfBirth?.month,
    values.dateOfBirth?.year,
  ];
  return (
    required.every(filled) &&
    addressCompleteness([values.addressLine1 ?? '', values.addressLine2 ?? '', values.townOrCity ?? '']) &&
    OFFER_CHANNELS.every((channel) => values.offers?.[channel] === 'yes' || values.offers?.[channel] === 'no') &&
    values.termsAccepted === true
  );
}

// ---- the wire: POST /auth/register (spec 000 section 3) ----

export function registerRequestSchema(today: () => CalendarDay) {
  return z
    .object({
      email,
      password: passwordRules(),
      firstName: name(M.firstName),
      lastName: name(M.lastName),
      dateOfBirth: z
        .string({ error: M.dateOfBirth })
        .max(10, M.dateOfBirth)
        .refine((value) => {
          const day = parseIsoDay(value);
          return day !== null && isAdultOn(day, today());
        }, M.dateOfBirth),
      gender: text()
        .trim()
        .max(32)
        .nullish()
        .transform((value) => value || 'Male'),
      phone: text({ error: M.phone }).regex(new RegExp(`^\\${PHONE_PREFIX}7\\d{9}$`), M.phone),
      addressPostCode: ukPostcode,
      address1: addressLine.default(''),
      address2: addressLine.default(''),
      addressCity: addressLine.default(''),
      avatarUrl: optionalText(2048),
      marketingOffersEmail: z.boolean({ error: M.offer }),
      marketingOffersPhone: z.boolean({ error: M.offer }),
      marketingOffersSms: z.boolean({ error: M.offer }),
      promotionCode: optionalText(50),
      referralCode: optionalText(50),
      termsConditionsChecker: z.literal(true, { error: M.terms }),
      clickKey: optionalText(200),
    })
    .refine((body) => addressCompleteness([body.address1, body.address2, body.addressCity]), {
      message: M.address,
      path: ['address1'],
    });
}
export type RegisterRequest = z.input<ReturnType<typeof registerRequestSchema>>;
export type RegisterRequestOutput = z.output<ReturnType<typeof registerRequestSchema>>;

/** The client tolerates a missing avCheckUrl so that it can say so ('No verification URL received from backend.'). */
export const registerResponse = z.object({ avCheckUrl: text().optional() });
export type RegisterResponse = z.infer<typeof registerResponse>;

/** What the verification window posts to its opener. */
export const VERIFICATION_MESSAGES = ['AV_SUCCESS', 'AV_FAIL', 'AV_CANCELED'] as const;
export type VerificationMessage = (typeof VERIFICATION_MESSAGES)[number];

/** Signed server-to-server notification from the identity verification provider. */
export const verificationNotification = z.object({
  reference: canonicalUuid(),
  result: z.enum(['passed', 'failed', 'canceled']),
});
export type VerificationNotification = z.infer<typeof verificationNotification>;

/** Public client settings: GET /api/config. `exchangeInBrowser` is EXCHANGE_IN_BROWSER (absent: false). */
export const clientConfig = z.object({ supportEmail: text(), exchangeInBrowser: z.boolean().optional() });
export type ClientConfig = z.infer<typeof clientConfig>;
