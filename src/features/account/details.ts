import type { UserProfile } from '../../contract/user';
import type { PersonalDetailsForm } from '../../contract/account';
import { PHONE_PREFIX } from '../../contract/registration';

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** The form's values from the loaded profile: what Edit starts from and what Cancel restores. */
export function formValuesFrom(user: UserProfile): PersonalDetailsForm {
  return {
    phoneNumber: user.phone.startsWith(PHONE_PREFIX) ? user.phone.slice(PHONE_PREFIX.length) : user.phone,
    postcode: user.addressPostCode,
    addressLine1: user.address1,
    addressLine2: user.address2,
    townOrCity: user.addressCity,
    offers: {
      email: yesNo(user.marketingOffersEmail),
      phone: yesNo(user.marketingOffersPhone),
      sms: yesNo(user.marketingOffersSms),
    },
  };
}

export const OFFER_CHANNELS = [
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone' },
  { key: 'sms', label: 'SMS' },
] as const;
