import type { AddressItem } from '../../../src/contract/address';
import { compactPostcode } from '../../../src/contract/rules/postcode';
import type { AddressProvider } from './provider';
import { sandboxAddressBook } from './sandbox-data';

/** The address lookup of development and tests: the shipped sandbox address book, nothing leaves the machine. */
export class SandboxAddressProvider implements AddressProvider {
  private readonly byPostcode = new Map<string, AddressItem[]>(
    sandboxAddressBook.map(([postcode, locality, town, premises]) => {
      const compact = compactPostcode(postcode);
      return [
        compact,
        premises.map((line, index) => ({ id: `${compact}-${index + 1}`, address: `${line}, ${locality}, ${town}` })),
      ];
    }),
  );

  async find(postcode: string): Promise<AddressItem[]> {
    return this.byPostcode.get(compactPostcode(postcode)) ?? [];
  }
}
