import type { AddressItem } from '../../../src/contract/address';
import { LOOKUP_UNAVAILABLE_MESSAGE } from '../../../src/contract/address';
import { AppError } from '../../platform/errors';
import { AddressProviderError, type AddressProvider } from '../../providers/address/provider';

const MAX_ADDRESSES = 500;

export class AddressService {
  constructor(
    private readonly provider: AddressProvider,
    private readonly onProviderError: (error: AddressProviderError) => void = () => {},
  ) {}

  /** `postcode` is already validated and compact. */
  async lookup(postcode: string): Promise<AddressItem[]> {
    try {
      const addresses = await this.provider.find(postcode);
      return addresses.slice(0, MAX_ADDRESSES);
    } catch (error) {
      if (!(error instanceof AddressProviderError)) throw error;
      this.onProviderError(error);
      throw new AppError(502, LOOKUP_UNAVAILABLE_MESSAGE, 'AddressLookupUnavailable');
    }
  }
}
