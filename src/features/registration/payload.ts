import type {
  EmailStepValues,
  PasswordStepValues,
  PersonalStepOutput,
  RegisterRequest,
} from '../../contract/registration';
import { PHONE_PREFIX, partsToDay } from '../../contract/registration';
import { toIsoDay } from '../../contract/rules/birth-date';

/** The registration payload as sent (spec 000 section 3), from the three steps' values. */
export function toRegisterRequest(
  email: EmailStepValues,
  password: PasswordStepValues,
  personal: PersonalStepOutput,
  clickKey?: string,
): RegisterRequest {
  return {
    address1: personal.addressLine1,
    address2: personal.addressLine2,
    addressCity: personal.townOrCity,
    addressPostCode: personal.postcode,
    avatarUrl: '',
    dateOfBirth: toIsoDay(partsToDay(personal.dateOfBirth)),
    email: email.email.trim(),
    firstName: personal.firstName,
    gender: 'Male',
    lastName: personal.lastName,
    marketingOffersEmail: personal.offers.email === 'yes',
    marketingOffersPhone: personal.offers.phone === 'yes',
    marketingOffersSms: personal.offers.sms === 'yes',
    password: password.password,
    phone: `${PHONE_PREFIX}${personal.phoneNumber}`,
    promotionCode: personal.promoCode ?? '',
    referralCode: '',
    termsConditionsChecker: personal.termsAccepted,
    ...(clickKey ? { clickKey } : {}),
  };
}
