import type { TestContext } from './harness';

let counter = 0;

/** A registration body the server accepts, with a fresh e-mail each time; tests override what they probe. */
export function registrationPayload(overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    address1: '10 Downing Street',
    address2: 'Westminster',
    addressCity: 'London',
    addressPostCode: 'sw1a2aa',
    avatarUrl: '',
    dateOfBirth: '1990-04-15',
    email: `new-customer-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    firstName: 'Jane',
    lastName: 'Smith-Jones',
    gender: 'Male',
    marketingOffersEmail: true,
    marketingOffersPhone: false,
    marketingOffersSms: false,
    password: 'Password123',
    phone: '+447700900123',
    promotionCode: 'WELCOME10',
    referralCode: '',
    termsConditionsChecker: true,
    clickKey: 'aff-click-42',
    ...overrides,
  };
}

export const register = (context: TestContext, body: unknown) =>
  context.request({ method: 'POST', url: '/auth/register', payload: body as Record<string, unknown> });
