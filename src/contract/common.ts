import { z } from 'zod';

/**
 * Characters no string field accepts: NUL (PostgreSQL cannot store it) and a UTF-16 surrogate without its
 * pair (not text at all; it would be stored as a replacement character).
 */
// oxlint-disable-next-line no-control-regex -- NUL is the character this refuses: PostgreSQL text cannot store it.
const UNSTORABLE_CHARACTER = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const INVALID_CHARACTERS = 'Invalid characters';

/** Every string field of the contract starts here, so none lets through what the database cannot store. */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .refine((value) => !UNSTORABLE_CHARACTER.test(value), { message: INVALID_CHARACTERS, abort: true });
}

const ISO_TIMESTAMP = /^[1-9]\d{3}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * Every date and time field: an ISO 8601 string with a four-digit year from 1000 to 9999, so nothing outside
 * PostgreSQL's range (an expanded year such as -005000, or year 0, which it does not have) reaches a query.
 */
export function isoDate(message = 'Invalid date') {
  return text({ error: message })
    .max(40, message)
    .refine((value) => ISO_TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value)), message);
}

/**
 * Every UUID the contract takes: lower case from the moment it is parsed, so one id never has two spellings on
 * either side of a seam (a database's uuid column would match both; a text column, a map key or a signature would not).
 */
export const canonicalUuid = (message?: string) => z.uuid(message).transform((id) => id.toLowerCase());

/** Characters an e-mail input keeps; everything else is stripped as the user types. */
export const stripEmailCharacters = (value: string) => value.replace(/[^A-Za-z0-9@._+-]/g, '');

/** The "simple address shape" that turns the login e-mail field green. */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

const PASSWORD_MIN_LENGTH = 8;

export interface PasswordChecklist {
  length: boolean;
  number: boolean;
  letter: boolean;
}

export function passwordChecklist(password: string): PasswordChecklist {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    number: /\d/.test(password),
    letter: /[A-Za-z]/.test(password),
  };
}

/** Password rules with the specification's messages; `prefix` gives 'New password must ...' on the change form. */
export function passwordRules(prefix = 'Password') {
  return text({ error: `${prefix} must be at least 8 characters` })
    .max(256, `${prefix} is too long`)
    .min(PASSWORD_MIN_LENGTH, `${prefix} must be at least 8 characters`)
    .regex(/\d/, `${prefix} must include at least 1 number`)
    .regex(/[A-Za-z]/, `${prefix} must include at least 1 letter`);
}

/** A money amount on the wire: whole pence, never pounds. */
export const pence = z.number({ error: 'Amount must be a number' }).int('Amount must be whole pence').safe();
