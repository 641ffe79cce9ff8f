/**
 * How a new registration is compared with the accounts that may not be joined by a second one (a running
 * time out or self-exclusion, or an operator's suspension). A trailing hyphen, an accent, a space or a
 * Cyrillic or Greek letter that looks Latin must not make a different person.
 */

/** Cyrillic and Greek letters that look like Latin ones, both cases. */
const LOOKALIKES: Record<string, string> = {
  А: 'a',
  В: 'b',
  Е: 'e',
  К: 'k',
  М: 'm',
  Н: 'h',
  О: 'o',
  Р: 'p',
  С: 'c',
  Т: 't',
  Х: 'x',
  У: 'y',
  І: 'i',
  Ј: 'j',
  Ѕ: 's',
  Ү: 'y',
  Ԛ: 'q',
  Ԝ: 'w',
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  х: 'x',
  у: 'y',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ү: 'y',
  ԛ: 'q',
  ԝ: 'w',
  ԁ: 'd',
  һ: 'h',
  ӏ: 'l',
  ɡ: 'g',
  Α: 'a',
  Β: 'b',
  Ε: 'e',
  Ζ: 'z',
  Η: 'h',
  Ι: 'i',
  Κ: 'k',
  Μ: 'm',
  Ν: 'n',
  Ο: 'o',
  Ρ: 'p',
  Τ: 't',
  Υ: 'y',
  Χ: 'x',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ı: 'i',
  ł: 'l',
  Ł: 'l',
  ø: 'o',
  Ø: 'o',
  đ: 'd',
  Đ: 'd',
  ß: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  þ: 'th',
};

/** Compatibility forms folded (NFKD: full-width letters, ligatures), accents dropped, look-alikes mapped, case folded, only letters and digits kept. */
export function normaliseName(name: string): string {
  const folded = [...name.normalize('NFKD').replace(/\p{M}/gu, '')].map((char) => LOOKALIKES[char] ?? char).join('');
  return [...folded.toLowerCase()]
    .map((char) => LOOKALIKES[char] ?? char)
    .join('')
    .replace(/[^a-z0-9]/g, '');
}

/** The mailbox an address delivers to: case and a +tag do not make another person. */
export const normaliseEmail = (email: string) =>
  email
    .trim()
    .toLowerCase()
    .replace(/\+[^@]*@/, '@');

const normalisePostcode = (postcode: string) => postcode.replace(/\s+/g, '').toUpperCase();

export interface Identity {
  email: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  phone: string;
  postcode: string;
}

/** The same person: same name and date of birth, or same mailbox, or same phone, or same date of birth at the same postcode. */
export function samePerson(a: Identity, b: Identity): boolean {
  const sameBirth = a.dateOfBirth === b.dateOfBirth;
  const sameName =
    normaliseName(a.firstName) === normaliseName(b.firstName) &&
    normaliseName(a.lastName) === normaliseName(b.lastName);
  return (
    (sameBirth && sameName) ||
    normaliseEmail(a.email) === normaliseEmail(b.email) ||
    a.phone.replace(/\s+/g, '') === b.phone.replace(/\s+/g, '') ||
    (sameBirth &&
      normalisePostcode(a.postcode) !== '' &&
      normalisePostcode(a.postcode) === normalisePostcode(b.postcode))
  );
}
