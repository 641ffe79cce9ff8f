import { describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from './support/harness';
import { rowCounts } from './support/sweep';
import { registrationPayload, register } from './support/registration';
import { REGISTRATION_REFUSED_MESSAGE } from '../../server/modules/registration/service';
import { normaliseName } from '../../server/modules/registration/identity-match';
import { DAY } from '../../server/platform/clock';

let counter = 0;
/** A person of their own: a fresh name, phone and date of birth, so one test's excluded customer never matches another's. */
function person(overrides: Record<string, unknown> = {}) {
  counter++;
  const day = String((counter % 28) + 1).padStart(2, '0');
  return registrationPayload({
    gender: 'Female',
    marketingOffersEmail: false,
    promotionCode: '',
    clickKey: '',
    firstName: `Jane${'x'.repeat(counter)}`,
    lastName: 'Smith-Jones',
    phone: `+4477009${String(10_000 + counter).slice(-5)}`,
    dateOfBirth: `19${60 + Math.floor(counter / 28)}-03-${day}`,
    addressPostCode: 'M1 1AE',
    ...overrides,
  });
}

async function excluded(context: TestContext, kind: 'self-exclusion' | 'time-out' | 'suspended' = 'self-exclusion') {
  const first = person();
  expect((await register(context, first)).statusCode).toBe(200);
  const change =
    kind === 'suspended'
      ? { status: 'suspended' as const }
      : kind === 'time-out'
        ? {
            exclusion_kind: 'time-out' as const,
            exclusion_until: new Date(context.clock.now().getTime() + DAY),
            exclusion_permanent: false,
          }
        : { exclusion_kind: 'self-exclusion' as const, exclusion_until: null, exclusion_permanent: true };
  await context.database.db.updateTable('users').set(change).where('email', '=', first.email).execute();
  return first;
}

/** Registers `body` and expects the one neutral refusal, with nothing written. */
async function expectRefused(context: TestContext, body: Record<string, unknown>) {
  const before = await rowCounts(context);
  const response = await register(context, body);
  expect({ status: response.statusCode, body: response.json() }, JSON.stringify(body)).toEqual({
    status: 422,
    body: { message: REGISTRATION_REFUSED_MESSAGE, code: 'RegistrationRefused' },
  });
  expect(await rowCounts(context)).toEqual(before);
}

describe('name normalisation', () => {
  it('folds case, accents, look-alike Cyrillic and Greek letters, full-width forms, punctuation and spaces', () => {
    expect(normaliseName('Smith-Jones-')).toBe('smithjones');
    expect(normaliseName(' O’Brien ')).toBe('obrien');
    expect(normaliseName('J\u0430ne')).toBe('jane');
    expect(normaliseName('ΗΕLΕΝ')).toBe('helen');
    expect(normaliseName('Zoë')).toBe('zoe');
    expect(normaliseName('Ｊａｎｅ')).toBe('jane');
    expect(normaliseName('Anne Marie')).toBe(normaliseName('Anne-Marie'));
  });
});

/** A customer in a time out or self-exclusion cannot sidestep it by opening a second account under another e-mail. */
describeEachDatabase('registration during a time out or self-exclusion', (use) => {
  for (const kind of ['self-exclusion', 'time-out'] as const) {
    it(`refuses a new account for a ${kind} customer's name and date of birth under another e-mail`, async () => {
      const context = use();
      const first = await excluded(context, kind);
      await expectRefused(
        context,
        person({
          firstName: first.firstName.toUpperCase(),
          lastName: ` ${first.lastName.toLowerCase()}`,
          dateOfBirth: first.dateOfBirth,
        }),
      );
    });
  }

  it('sees through a trailing or doubled hyphen, a Cyrillic letter and an accent in the name', async () => {
    const context = use();
    const first = await excluded(context);
    const same = { dateOfBirth: first.dateOfBirth };
    await expectRefused(context, person({ ...same, firstName: first.firstName, lastName: `${first.lastName}-` }));
    await expectRefused(
      context,
      person({ ...same, firstName: first.firstName.replace('a', '\u0430'), lastName: first.lastName }),
    );
    await expectRefused(
      context,
      person({ ...same, firstName: first.firstName.replace('e', 'é'), lastName: 'Smith--Jones' }),
    );
  });

  it('matches on the mailbox, the phone, and the date of birth at the same postcode, whatever the name', async () => {
    const context = use();
    const first = await excluded(context);
    const [local, domain] = (first.email as string).split('@');
    await expectRefused(context, person({ email: `${local!.toUpperCase()}+again@${domain}` }));
    await expectRefused(context, person({ phone: first.phone }));
    await expectRefused(context, person({ dateOfBirth: first.dateOfBirth, addressPostCode: 'm11ae' }));
  });

  it('answers exactly as for a suspended customer’s second account, so the answer does not reveal an exclusion', async () => {
    const context = use();
    const suspended = await excluded(context, 'suspended');
    await expectRefused(context, person({ firstName: suspended.firstName, dateOfBirth: suspended.dateOfBirth }));
  });

  it('accepts the same person once the time out has ended, and a namesake born on another day elsewhere', async () => {
    const context = use();
    const first = await excluded(context);
    expect(
      (await register(context, person({ firstName: first.firstName, dateOfBirth: '1959-12-31' }))).statusCode,
    ).toBe(200);
    await context.database.db
      .updateTable('users')
      .set({
        exclusion_kind: 'time-out',
        exclusion_permanent: false,
        exclusion_until: new Date(context.clock.now().getTime() - 1000),
      })
      .where('email', '=', first.email)
      .execute();
    expect(
      (
        await register(
          context,
          person({ firstName: first.firstName, dateOfBirth: first.dateOfBirth, phone: first.phone }),
        )
      ).statusCode,
    ).toBe(200);
  });
});
