import { describe, expect, it } from 'vitest';
import { compactPostcode, formatPostcodeInput, isLookupPostcode } from '../../src/contract/rules/postcode';
import { sortAddresses, splitAddress } from '../../src/features/address/addresses';
import { lookupErrorMessage } from '../../src/features/address/lookupMessage';
import { HttpError } from '../../src/api/http';
import { addressLookupQuery } from '../../src/contract/address';

describe('postcode input formatting', () => {
  it('uppercases, strips whitespace and puts a space before the last three characters', () => {
    expect(formatPostcodeInput('sw1a2aa')).toBe('SW1A 2AA');
    expect(formatPostcodeInput(' s w1a  2 aa ')).toBe('SW1A 2AA');
    expect(formatPostcodeInput('m11ae')).toBe('M1 1AE');
  });

  it('keeps at most 7 characters besides the space', () => {
    expect(formatPostcodeInput('SW1A2AAXYZ')).toBe('SW1A 2AA');
    expect(formatPostcodeInput('SW1A 2AA')).toHaveLength(8);
  });

  it('adds no space while three characters or fewer are typed', () => {
    expect(formatPostcodeInput('sw1')).toBe('SW1');
    expect(formatPostcodeInput('sw1a')).toBe('S W1A');
    expect(formatPostcodeInput('')).toBe('');
  });

  it('sends the lookup uppercased without spaces', () => {
    expect(compactPostcode('sw1a 2aa')).toBe('SW1A2AA');
  });
});

describe('the lookup pattern: 1-2 letters, a digit, an optional letter or digit, a digit, 2 letters', () => {
  it.each(['M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'W1A 0AX', 'EC1A 1BB', 'ec1a1bb'])('accepts %s', (postcode) => {
    expect(isLookupPostcode(postcode)).toBe(true);
  });
  it.each(['', 'SW1A', '1AA 1AA', 'ABC1 1AA', 'SW1A 2A', 'SW1A 2A1', 'SW1A-2AA', 'M1 1AEX'])(
    'refuses %s',
    (postcode) => {
      expect(isLookupPostcode(postcode)).toBe(false);
    },
  );

  it('is the server query rule too', () => {
    expect(addressLookupQuery.parse({ postcode: 'sw1a 2aa' })).toEqual({ postcode: 'SW1A2AA' });
    expect(addressLookupQuery.safeParse({ postcode: '' }).error?.issues[0]?.message).toBe('Please enter a postcode.');
    expect(addressLookupQuery.safeParse({ postcode: 'SW1A' }).success).toBe(false);
  });
});

describe('address splitting', () => {
  it('takes the first part as line 1, the last as the town and the middle parts as line 2', () => {
    expect(splitAddress('Flat 2, 10 Watkin Terrace, Kingsley, Northampton')).toEqual({
      addressLine1: 'Flat 2',
      addressLine2: '10 Watkin Terrace, Kingsley',
      townOrCity: 'Northampton',
    });
    expect(splitAddress('10 Downing Street, Westminster, London')).toEqual({
      addressLine1: '10 Downing Street',
      addressLine2: 'Westminster',
      townOrCity: 'London',
    });
  });

  it('leaves line 2 empty for two parts and ignores empty parts', () => {
    expect(splitAddress('12 Watkin Terrace, , Northampton')).toEqual({
      addressLine1: '12 Watkin Terrace',
      addressLine2: '',
      townOrCity: 'Northampton',
    });
    expect(splitAddress('Somewhere')).toEqual({ addressLine1: 'Somewhere', addressLine2: '', townOrCity: '' });
  });
});

describe('address sorting', () => {
  const sorted = (addresses: string[]) =>
    sortAddresses(addresses.map((address, index) => ({ id: String(index), address }))).map((item) => item.address);

  it('orders by street name, then by house number numerically', () => {
    expect(
      sorted([
        '12 Otley Road, Leeds',
        '2 St Michaels Lane, Leeds',
        '110 Otley Road, Leeds',
        '14 Otley Road, Leeds',
        '1A St Michaels Lane, Leeds',
      ]),
    ).toEqual([
      '12 Otley Road, Leeds',
      '14 Otley Road, Leeds',
      '110 Otley Road, Leeds',
      '1A St Michaels Lane, Leeds',
      '2 St Michaels Lane, Leeds',
    ]);
  });

  it('finds the street number after a flat name, and orders flats of one house alphabetically, numbers in number order', () => {
    expect(
      sorted(['Flat 12, 8 Joiner Street, London', '2 Joiner Street, London', 'Flat 4, 8 Joiner Street, London']),
    ).toEqual(['2 Joiner Street, London', 'Flat 4, 8 Joiner Street, London', 'Flat 12, 8 Joiner Street, London']);
  });

  it('orders addresses without a house number alphabetically', () => {
    expect(
      sorted(['The Granary, Queens Road, Cambridge', 'Buckingham Palace, London', 'Anchor House, Cambridge']),
    ).toEqual(['Anchor House, Cambridge', 'Buckingham Palace, London', 'The Granary, Queens Road, Cambridge']);
  });

  it('does not change the list it is given', () => {
    const items = [
      { id: 'a', address: '2 A Street, X' },
      { id: 'b', address: '1 A Street, X' },
    ];
    sortAddresses(items);
    expect(items[0]!.id).toBe('a');
  });
});

describe('lookup error messages', () => {
  it('shows the server text, else the fallback, and asks to try again when no answer came', () => {
    expect(lookupErrorMessage(new HttpError('Address lookup is unavailable', 502))).toBe(
      'Address lookup is unavailable',
    );
    expect(lookupErrorMessage(new HttpError('', 500))).toBe('Error fetching addresses.');
    expect(lookupErrorMessage(new HttpError('Network Error'))).toBe('Error fetching addresses. Please try again.');
    expect(lookupErrorMessage(new Error('boom'))).toBe('Error fetching addresses. Please try again.');
  });
});
