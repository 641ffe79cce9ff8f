import { expect, it } from 'vitest';
import { describeEachDatabase } from './support/harness';
import { rowCounts } from './support/sweep';
import { registrationPayload, register } from './support/registration';
import { EXCLUDED_REGISTRATION_MESSAGE } from '../../server/modules/registration/service';
import { DAY } from '../../server/clock';

let counter = 0;
const nextName = () => `Jane${'x'.repeat(++counter)}`;
// The exclusion probes the same identity as the customer already registered, whatever the marketing choices.
const payload = (overrides: Record<string, unknown> = {}) =>
  registrationPayload({ gender: 'Female', marketingOffersEmail: false, promotionCode: '', clickKey: '', ...overrides });


/** A customer in a time out or self-exclusion cannot sidestep it by opening a second account under another e-mail. */
describeEachDatabase('registration during a time out or self-exclusion', (use) => {
  for (const [standing, exclusion] of [
    ['self-excluded', { exclusion_kind: 'self-exclusion' as const, exclusion_until: null, exclusion_permanent: true }],
    ['timed out', { exclusion_kind: 'time-out' as const, exclusion_until: 'tomorrow', exclusion_permanent: false }],
  ] as const) {
    it(`refuses a new account for a ${standing} customer's name and date of birth under another e-mail`, async () => {
      const context = use();
      const first = payload({ firstName: nextName() });
      expect((await register(context, first)).statusCode).toBe(200);
      const until = exclusion.exclusion_until === 'tomorrow' ? new Date(context.clock.now().getTime() + DAY) : null;
      await context.database.db.updateTable('users').set({ ...exclusion, exclusion_until: until }).where('email', '=', first.email).execute();
      const before = await rowCounts(context);
      const again = await register(context, payload({ firstName: first.firstName.toUpperCase(), lastName: ` ${first.lastName.toLowerCase()}` }));
      expect([again.statusCode, again.json().message]).toEqual([403, EXCLUDED_REGISTRATION_MESSAGE]);
      expect(await rowCounts(context)).toEqual(before);
    });
  }

  it('accepts the same name and date of birth once the time out has ended, and a namesake born on another day', async () => {
    const context = use();
    const first = payload({ firstName: nextName() });
    expect((await register(context, first)).statusCode).toBe(200);
    await context.database.db
      .updateTable('users')
      .set({ exclusion_kind: 'self-exclusion', exclusion_permanent: true })
      .where('email', '=', first.email)
      .execute();
    expect((await register(context, payload({ firstName: first.firstName, dateOfBirth: '1990-04-16' }))).statusCode).toBe(200);
    await context.database.db
      .updateTable('users')
      .set({ exclusion_kind: 'time-out', exclusion_permanent: false, exclusion_until: new Date(context.clock.now().getTime() - 1000) })
      .where('email', '=', first.email)
      .execute();
    expect((await register(context, payload({ firstName: first.firstName }))).statusCode).toBe(200);
  });
});
