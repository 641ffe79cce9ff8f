import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  canSubmitPersonal,
  emailStepSchema,
  passwordStepSchema,
  personalStepSchema,
  REGISTRATION_MESSAGES as M,
  registerRequestSchema,
  stripNameCharacters,
} from '../../src/contract/registration';
import { addressLookupQuery } from '../../src/contract/address';
import { stripEmailCharacters } from '../../src/contract/common';
import { ageOn, isRealDate, ukToday, type CalendarDay } from '../../src/contract/rules/birth-date';
import { toRegisterRequest } from '../../src/features/registration/payload';
import { nationalNumber } from '../../src/features/registration/PhoneField';
import { zeroPad } from '../../src/features/registration/DateOfBirthFields';

/** The message zod gives for one field path, or undefined. */
function messageAt(schema: z.ZodType, input: unknown, path: string): string | undefined {
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path.join('.') === path)?.message;
}

describe('email step', () => {
  const valid = { email: 'jane@example.com', confirmEmail: 'jane@example.com' };
  it('passes a matching address', () => expect(emailStepSchema.safeParse(valid).success).toBe(true));
  it("says 'Empty email'", () =>
    expect(messageAt(emailStepSchema, { ...valid, email: '' }, 'email')).toBe('Empty email'));
  it("says 'Please enter a valid email address'", () =>
    expect(messageAt(emailStepSchema, { ...valid, email: 'jane@' }, 'email')).toBe(
      'Please enter a valid email address',
    ));
  it("says 'Emails do not match'", () =>
    expect(messageAt(emailStepSchema, { ...valid, confirmEmail: 'jan@example.com' }, 'confirmEmail')).toBe(
      'Emails do not match',
    ));
  it('compares the confirmation character for character, case included', () => {
    expect(messageAt(emailStepSchema, { ...valid, confirmEmail: 'Jane@example.com' }, 'confirmEmail')).toBe(
      'Emails do not match',
    );
    expect(emailStepSchema.safeParse(valid).success).toBe(true);
  });
  it('strips characters other than letters, digits and @ . _ + -', () =>
    expect(stripEmailCharacters('ja ne!#(x)@exa mple.com+_-')).toBe('janex@example.com+_-'));
});

describe('password step', () => {
  const valid = { password: 'Secret123', confirmPassword: 'Secret123' };
  it('passes a good password', () => expect(passwordStepSchema.safeParse(valid).success).toBe(true));
  it.each([
    ['Sec1', 'Password must be at least 8 characters'],
    ['SecretSecret', 'Password must include at least 1 number'],
    ['12345678', 'Password must include at least 1 letter'],
  ])('%s -> %s', (password, message) =>
    expect(messageAt(passwordStepSchema, { password, confirmPassword: password }, 'password')).toBe(message),
  );
  it("says 'Repeat your password' for a short repeat", () =>
    expect(messageAt(passwordStepSchema, { ...valid, confirmPassword: 'Sec' }, 'confirmPassword')).toBe(
      'Repeat your password',
    ));
  it("says 'Passwords do not match'", () =>
    expect(messageAt(passwordStepSchema, { ...valid, confirmPassword: 'Secret124' }, 'confirmPassword')).toBe(
      'Passwords do not match',
    ));
});

describe('personal details step', () => {
  const today: CalendarDay = { year: 2026, month: 6, day: 1 };
  const schema = personalStepSchema(() => today);
  const valid = {
    firstName: 'Jane',
    lastName: 'Smith-Jones',
    dateOfBirth: { day: '05', month: '04', year: '1990' },
    phoneNumber: '7700900123',
    postcode: 'SW1A 2AA',
    addressLine1: '10 Downing Street',
    addressLine2: 'Westminster',
    townOrCity: 'London',
    promoCode: '',
    offers: { email: 'yes', phone: 'no', sms: 'no' },
    termsAccepted: true,
  };
  const withDob = (dateOfBirth: { day: string; month: string; year: string }) => ({ ...valid, dateOfBirth });

  it('passes complete details, with or without an address', () => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse({ ...valid, addressLine1: '', addressLine2: '', townOrCity: '' }).success).toBe(true);
  });

  it('names: required, letters and hyphens only', () => {
    expect(messageAt(schema, { ...valid, firstName: '' }, 'firstName')).toBe(M.firstName);
    expect(messageAt(schema, { ...valid, lastName: '  ' }, 'lastName')).toBe(M.lastName);
    expect(M.firstName).toBe('First name is required');
    expect(M.lastName).toBe('Last name is required');
    expect(schema.safeParse({ ...valid, firstName: 'Zoë-Siân' }).success).toBe(true);
    expect(stripNameCharacters("O'Brien Smith-2")).toBe('OBrienSmith-');
  });

  it("date parts: 'DD', 'MM', 'YYYY'", () => {
    expect(messageAt(schema, withDob({ day: '32', month: '04', year: '1990' }), 'dateOfBirth.day')).toBe('DD');
    expect(messageAt(schema, withDob({ day: '0', month: '04', year: '1990' }), 'dateOfBirth.day')).toBe('DD');
    expect(messageAt(schema, withDob({ day: '05', month: '13', year: '1990' }), 'dateOfBirth.month')).toBe('MM');
    expect(messageAt(schema, withDob({ day: '05', month: '', year: '1990' }), 'dateOfBirth.month')).toBe('MM');
    expect(messageAt(schema, withDob({ day: '05', month: '04', year: '1899' }), 'dateOfBirth.year')).toBe('YYYY');
    expect(messageAt(schema, withDob({ day: '05', month: '04', year: '90' }), 'dateOfBirth.year')).toBe('YYYY');
  });

  it('29 February exists in leap years only', () => {
    expect(schema.safeParse(withDob({ day: '29', month: '02', year: '2000' })).success).toBe(true);
    expect(schema.safeParse(withDob({ day: '29', month: '02', year: '1996' })).success).toBe(true);
    expect(messageAt(schema, withDob({ day: '29', month: '02', year: '2001' }), 'dateOfBirth')).toBe(M.dateOfBirth);
    expect(messageAt(schema, withDob({ day: '29', month: '02', year: '1900' }), 'dateOfBirth')).toBe(M.dateOfBirth);
    expect(messageAt(schema, withDob({ day: '31', month: '04', year: '1990' }), 'dateOfBirth')).toBe(M.dateOfBirth);
    expect(isRealDate({ year: 2024, month: 2, day: 29 })).toBe(true);
    expect(isRealDate({ year: 2026, month: 2, day: 29 })).toBe(false);
  });

  it('the 18th birthday: refused the day before, accepted on the day', () => {
    expect(messageAt(schema, withDob({ day: '02', month: '06', year: '2008' }), 'dateOfBirth')).toBe(
      'Please enter a valid date of birth and make sure you are at least 18 years old.',
    );
    expect(schema.safeParse(withDob({ day: '01', month: '06', year: '2008' })).success).toBe(true);
    expect(schema.safeParse(withDob({ day: '31', month: '05', year: '2008' })).success).toBe(true);
  });

  it('someone born on 29 February comes of age on 1 March in a common year', () => {
    const born = { year: 2008, month: 2, day: 29 };
    expect(ageOn(born, { year: 2026, month: 2, day: 28 })).toBe(17);
    expect(ageOn(born, { year: 2026, month: 3, day: 1 })).toBe(18);
  });

  it("phone: 10 digits starting with 7, else 'Incorrect phone number'", () => {
    for (const phoneNumber of ['770090012', '6700900123', '77009001234', ''])
      expect(messageAt(schema, { ...valid, phoneNumber }, 'phoneNumber')).toBe('Incorrect phone number');
    expect(nationalNumber('07700 900123')).toBe('7700900123');
    expect(nationalNumber('+44 7700 900123')).toBe('7700900123');
    expect(nationalNumber('7700-900-123-9')).toBe('7700900123');
  });

  it("postcode: 'Postcode is required', 'Postcode is too long'", () => {
    expect(messageAt(schema, { ...valid, postcode: '' }, 'postcode')).toBe('Postcode is required');
    expect(messageAt(schema, { ...valid, postcode: 'SW1A 2AAX' }, 'postcode')).toBe('Postcode is too long');
  });

  it.each(['sw1a2aa', 'SW1A  2AA', ' s w 1 a 2 a a ', 'M1 1AE', 'b338th'])(
    'postcode %j: accepted as the address lookup accepts it',
    (typed) => {
      expect(addressLookupQuery.safeParse({ postcode: typed }).success).toBe(true);
      expect(messageAt(schema, { ...valid, postcode: typed }, 'postcode')).toBeUndefined();
    },
  );

  it("address: all three or none, 'Please select an address or enter it manually.'", () => {
    const partial = { ...valid, addressLine2: '' };
    expect(messageAt(schema, partial, 'addressLine2')).toBe('Please select an address or enter it manually.');
    expect(messageAt(schema, partial, 'addressLine1')).toBeUndefined();
    expect(messageAt(schema, { ...valid, addressLine1: '', addressLine2: '' }, 'addressLine1')).toBe(M.address);
  });

  it("offers: each needs a choice, 'Please select an option'", () => {
    expect(messageAt(schema, { ...valid, offers: { email: 'yes', phone: null, sms: 'no' } }, 'offers.phone')).toBe(
      'Please select an option',
    );
    expect(messageAt(schema, { ...valid, offers: { email: undefined, phone: 'yes', sms: 'no' } }, 'offers.email')).toBe(
      'Please select an option',
    );
    expect(messageAt(schema, { ...valid, offers: undefined }, 'offers')).toBe(
      'Please select options for all offer preferences',
    );
  });

  it("terms: 'You must accept the terms and privacy policy'", () => {
    expect(messageAt(schema, { ...valid, termsAccepted: false }, 'termsAccepted')).toBe(
      'You must accept the terms and privacy policy',
    );
  });

  it('checks the address on its own, even while other fields are missing, and never throws on garbage', () => {
    expect(messageAt(schema, { addressLine1: '1 Mill Lane', addressLine2: '', townOrCity: '' }, 'townOrCity')).toBe(
      M.address,
    );
    for (const garbage of [null, undefined, 42, 'text', []]) expect(schema.safeParse(garbage).success).toBe(false);
  });

  it('promotional code is optional', () => {
    const { promoCode: _promo, ...without } = valid;
    expect(schema.safeParse(without).success).toBe(true);
  });

  it('builds the wire payload the server accepts', () => {
    const output = schema.parse({ ...valid, postcode: 'sw1a2aa', promoCode: 'WELCOME' });
    const request = toRegisterRequest(
      { email: 'jane@example.com', confirmEmail: 'jane@example.com' },
      { password: 'Secret123', confirmPassword: 'Secret123' },
      output,
      'aff-1',
    );
    expect(request).toMatchObject({
      dateOfBirth: '1990-04-05',
      phone: '+447700900123',
      addressPostCode: 'SW1A 2AA',
      gender: 'Male',
      marketingOffersEmail: true,
      marketingOffersPhone: false,
      termsConditionsChecker: true,
      promotionCode: 'WELCOME',
      clickKey: 'aff-1',
    });
    expect(registerRequestSchema(() => today).safeParse(request).success).toBe(true);
    expect(
      'clickKey' in
        toRegisterRequest(
          { email: 'a@b.co', confirmEmail: 'a@b.co' },
          { password: 'Secret123', confirmPassword: 'Secret123' },
          output,
        ),
    ).toBe(false);
  });
});

describe('date boxes', () => {
  it('pad a single-digit day or month with a zero on blur', () => {
    expect(zeroPad('5')).toBe('05');
    expect(zeroPad('12')).toBe('12');
    expect(zeroPad('')).toBe('');
  });
});

describe('UK today on the server', () => {
  it('is the London calendar day, across summer time', () => {
    expect(ukToday(new Date('2026-06-01T23:30:00Z'))).toEqual({ year: 2026, month: 6, day: 2 });
    expect(ukToday(new Date('2026-01-01T23:30:00Z'))).toEqual({ year: 2026, month: 1, day: 1 });
  });
});

describe('the Next button rule', () => {
  const complete = {
    firstName: 'Jane',
    lastName: 'Smith',
    phoneNumber: '7700900123',
    postcode: 'SW1A 2AA',
    dateOfBirth: { day: '05', month: '04', year: '1990' },
    addressLine1: '',
    addressLine2: '',
    townOrCity: '',
    offers: { email: 'yes', phone: 'no', sms: 'no' },
    termsAccepted: true,
  };
  it('enables Next when everything required is there and the address is empty or complete', () => {
    expect(canSubmitPersonal(complete)).toBe(true);
    expect(canSubmitPersonal({ ...complete, addressLine1: 'a', addressLine2: 'b', townOrCity: 'c' })).toBe(true);
  });
  it.each([
    ['first name', { firstName: '' }],
    ['last name', { lastName: ' ' }],
    ['phone', { phoneNumber: '' }],
    ['postcode', { postcode: '' }],
    ['day', { dateOfBirth: { day: '', month: '04', year: '1990' } }],
    ['month', { dateOfBirth: { day: '05', month: '', year: '1990' } }],
    ['year', { dateOfBirth: { day: '05', month: '04', year: '' } }],
    ['a part-filled address', { addressLine1: '10 Downing Street' }],
    ['an offer choice', { offers: { email: 'yes', phone: null, sms: 'no' } }],
    ['the terms', { termsAccepted: false }],
  ])('keeps Next disabled without %s', (_label, change) => {
    expect(canSubmitPersonal({ ...complete, ...change })).toBe(false);
  });
});
