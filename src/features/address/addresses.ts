import type { AddressItem } from '../../contract/address';

export interface AddressFields {
  addressLine1: string;
  addressLine2: string;
  townOrCity: string;
}

export const EMPTY_ADDRESS: AddressFields = { addressLine1: '', addressLine2: '', townOrCity: '' };

/** A looked-up address as form fields: the first part is line 1, the last part the town, the parts between line 2. */
export function splitAddress(address: string): AddressFields {
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return { ...EMPTY_ADDRESS };
  if (parts.length === 1) return { addressLine1: parts[0]!, addressLine2: '', townOrCity: '' };
  return { addressLine1: parts[0]!, addressLine2: parts.slice(1, -1).join(', '), townOrCity: parts[parts.length - 1]! };
}

interface SortKey {
  street: string;
  number: number;
}

/** The street and house number of an address: the first part that starts with a number ('10A High Street'). */
function sortKey(address: string): SortKey | null {
  for (const part of address.split(',')) {
    const match = /^(\d+)[A-Za-z]?\s+(.+)$/.exec(part.trim());
    if (match) return { number: Number(match[1]), street: match[2]!.toLowerCase() };
  }
  return null;
}

const collator = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

/** By street name, then by house number where street names match; addresses without a street number alphabetically. */
function compareAddresses(a: string, b: string): number {
  const keyA = sortKey(a);
  const keyB = sortKey(b);
  if (keyA && keyB) {
    const byStreet = collator.compare(keyA.street, keyB.street);
    if (byStreet !== 0) return byStreet;
    if (keyA.number !== keyB.number) return keyA.number - keyB.number;
  }
  return collator.compare(a, b);
}

export const sortAddresses = <T extends AddressItem>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => compareAddresses(a.address, b.address));
