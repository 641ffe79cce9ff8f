import { OFFER_CHANNELS, type PersonalStepValues } from '../../contract/registration';

const filled = (value: string | undefined | null) => typeof value === 'string' && value.trim() !== '';

/**
 * Why Next is still off on the personal step, in the order of the form: the same conditions as
 * canSubmitPersonal, each said in words so the button is never silently grey.
 */
export function personalBlockers(values: Partial<PersonalStepValues>): string[] {
  const blockers: string[] = [];
  const missing = [
    [values.firstName, 'first name'],
    [values.lastName, 'last name'],
  ]
    .filter(([value]) => !filled(value))
    .map(([, name]) => name as string);
  const date = values.dateOfBirth;
  if (!filled(date?.day) || !filled(date?.month) || !filled(date?.year)) missing.push('date of birth');
  if (!filled(values.phoneNumber)) missing.push('mobile number');
  if (!filled(values.postcode)) missing.push('postcode');
  if (missing.length) blockers.push(`Fill in your ${joinWords(missing)}.`);
  const address = [values.addressLine1, values.addressLine2, values.townOrCity].map(filled);
  if (address.some(Boolean) && !address.every(Boolean))
    blockers.push('Complete all three address lines, or leave them all empty.');
  const unanswered = OFFER_CHANNELS.filter(
    (channel) => values.offers?.[channel] !== 'yes' && values.offers?.[channel] !== 'no',
  );
  if (unanswered.length)
    blockers.push(
      `Answer the offer question${unanswered.length > 1 ? 's' : ''} for ${joinWords(unanswered.map((channel) => (channel === 'sms' ? 'SMS' : channel)))}.`,
    );
  if (values.termsAccepted !== true) blockers.push('Accept the terms and privacy policy.');
  return blockers;
}

function joinWords(words: string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
