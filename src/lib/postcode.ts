/** UK postcode helpers (spec 000 section 5). */

export const POSTCODE_MAX_LENGTH = 8;
const FORMATTED_MAX_CHARACTERS = 7;

/** 1-2 letters, a digit, an optional letter or digit, a digit, then 2 letters (the space is optional). */
export const UK_POSTCODE_PATTERN = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/;

/** Uppercased with every space removed: what the lookup request sends. */
export const compactPostcode = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** What the postcode input shows as the user types: uppercase, no spaces, at most 7 characters, a space before the last 3. */
export function formatPostcodeInput(value: string): string {
  const compact = compactPostcode(value).slice(0, FORMATTED_MAX_CHARACTERS);
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

/** Whether the lookup button may be used for this postcode. */
export const isLookupPostcode = (value: string) => UK_POSTCODE_PATTERN.test(compactPostcode(value));

/** The stored form of a valid postcode: 'SW1A 2AA'. */
export const normalisePostcode = (value: string) => formatPostcodeInput(value);
