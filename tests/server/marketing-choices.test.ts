import { expect, it } from 'vitest';
import { describeEachDatabase, createUser, login, type TestContext } from './support/harness';
import { register, registrationPayload } from './support/registration';
import { REGISTRATION_MESSAGES } from '../../src/contract/registration';

const CHOICES = ['marketingOffersEmail', 'marketingOffersPhone', 'marketingOffersSms'] as const;

const stored = async (context: TestContext, email: string) =>
  context.database.db
    .selectFrom('users')
    .select(['marketing_email', 'marketing_phone', 'marketing_sms'])
    .where('email', '=', email)
    .executeTakeFirst();

describeEachDatabase('marketing choices', (use) => {
  it('registration needs each of the three answered yes or no, and refuses a missing one without registering', async () => {
    const context = use();
    for (const choice of CHOICES)
      for (const unanswered of [undefined, null, 'yes', 1]) {
        const body = registrationPayload({ [choice]: unanswered });
        const response = await register(context, body);
        expect([response.statusCode, response.json().message], `${choice} = ${String(unanswered)}`).toEqual([
          400,
          REGISTRATION_MESSAGES.offer,
        ]);
        expect(await stored(context, body.email)).toBeUndefined();
      }
  });

  it('stores the three answers as given', async () => {
    const context = use();
    const body = registrationPayload({
      marketingOffersEmail: false,
      marketingOffersPhone: true,
      marketingOffersSms: false,
    });
    expect((await register(context, body)).statusCode).toBe(200);
    expect(await stored(context, body.email)).toEqual({
      marketing_email: false,
      marketing_phone: true,
      marketing_sms: false,
    });
  });

  it('account details withdraws each choice as easily as it gives it, in one save', async () => {
    const context = use();
    const user = await createUser(context);
    const { accessToken } = await login(context, user);
    const save = (value: boolean) =>
      context.request({
        method: 'PUT',
        url: '/auth/update_details',
        token: accessToken,
        payload: {
          address1: '10 Downing Street',
          address2: 'Westminster',
          addressCity: 'London',
          addressPostCode: 'SW1A 2AA',
          email: user.email,
          phone: '+447700900123',
          marketingOffersEmail: value,
          marketingOffersPhone: value,
          marketingOffersSms: value,
        },
      });
    expect((await save(true)).statusCode).toBe(200);
    expect(await stored(context, user.email)).toEqual({
      marketing_email: true,
      marketing_phone: true,
      marketing_sms: true,
    });
    const withdrawn = await save(false);
    expect(withdrawn.json()).toMatchObject({
      marketingOffersEmail: false,
      marketingOffersPhone: false,
      marketingOffersSms: false,
    });
    expect(await stored(context, user.email)).toEqual({
      marketing_email: false,
      marketing_phone: false,
      marketing_sms: false,
    });
  });
});
