import { z } from 'zod';
import { text } from './common';
import { POSTCODE_MAX_LENGTH, UK_POSTCODE_PATTERN, compactPostcode } from './rules/postcode';

export const EMPTY_POSTCODE_MESSAGE = 'Please enter a postcode.';
export const INVALID_POSTCODE_MESSAGE = 'Please enter a valid UK postcode';
export const LOOKUP_ERROR_FALLBACK = 'Error fetching addresses.';
export const LOOKUP_NETWORK_ERROR = 'Error fetching addresses. Please try again.';
export const NO_ADDRESSES_MESSAGE = 'No addresses found for this postcode.';
export const LOOKUP_UNAVAILABLE_MESSAGE =
  'Address lookup is unavailable at the moment. Please try again or enter your address manually.';

/** GET /api/address-lookup?postcode= : the postcode arrives uppercased without spaces. */
export const addressLookupQuery = z.object({
  postcode: z
    .string({ error: EMPTY_POSTCODE_MESSAGE })
    .max(POSTCODE_MAX_LENGTH * 2, INVALID_POSTCODE_MESSAGE)
    .transform(compactPostcode)
    .pipe(text().min(1, EMPTY_POSTCODE_MESSAGE).regex(UK_POSTCODE_PATTERN, INVALID_POSTCODE_MESSAGE)),
});

const addressItem = z.object({ id: text(), address: text() });
export type AddressItem = z.infer<typeof addressItem>;

export const addressLookupResponse = z.object({ addresses: z.array(addressItem) });
