/** UK postcode helpers (spec 000 section 5). */

export const POSTCODE_MAX_LENGTH = 8;
const FORMATTED_MAX_CHARACTERS = 7;

/** 1-2 letters, a digit, an optional letter or digit, a digit, then 2 letters (the space is optional). */
export const UK_POSTCODE_PATTERN = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/;

/** Uppercased with every space removed: what the lookup request sends. */
export const compactPostcode = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** Uppercase, and the one space before the last 3 characters in place of any others. */
export function spacedPostcode(value: string): string {
  const compact = compactPostcode(value);
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

/** What the postcode input shows as the user types: uppercase, no spaces, at most 7 characters, a space before the last 3. */
export const formatPostcodeInput = (value: string) =>
  spacedPostcode(compactPostcode(value).slice(0, FORMATTED_MAX_CHARACTERS));

/** Whether the lookup button may be used for this postcode. */
export const isLookupPostcode = (value: string) => UK_POSTCODE_PATTERN.test(compactPostcode(value));

/** The stored form of a valid postcode: 'SW1A 2AA'. */
export const normalisePostcode = (value: string) => formatPostcodeInput(value);
