import type { Http } from './http';
import { addressLookupResponse } from '../contract/address';
import { compactPostcode } from '../contract/rules/postcode';

export function addressApi(http: Http) {
  return {
    /** The postcode goes uppercased without spaces. */
    lookup: async (postcode: string) =>
      (
        await http.get('/api/address-lookup', {
          query: { postcode: compactPostcode(postcode) },
          schema: addressLookupResponse,
        })
      ).addresses,
  };
}
