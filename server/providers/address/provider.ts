import type { AddressItem } from '../../../src/contract/address';

/** Finds the addresses of one UK postcode. */
export interface AddressProvider {
  /** `postcode` is uppercased without spaces. An unknown postcode answers an empty list; a failure throws AddressProviderError. */
  find(postcode: string): Promise<AddressItem[]>;
}

/** The lookup service failed or could not be reached; the detail is for the logs, never for customers. */
export class AddressProviderError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'AddressProviderError';
  }
}
