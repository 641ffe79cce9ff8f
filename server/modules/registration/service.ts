import type { Db } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { RegisterRequestOutput } from '../../../src/contract/registration';
import { DUPLICATE_EMAIL_MESSAGE } from '../../../src/contract/registration';
import { sql } from 'kysely';
import { conflict, unprocessable } from '../../platform/errors';
import { normaliseEmail, samePerson } from './identity-match';
import { hashPassword } from '../auth/passwords';
import type { VerificationService } from '../verification/service';
import type { IdentityVerificationProvider } from '../../providers/identity/provider';
import type { GamstopService } from '../gamstop/service';

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
/**
 * A customer in a time out or self-exclusion may not open a second account under another e-mail (UKGC
 * LCCP SR 3.5.3), nor may a suspended one. The refusal is one neutral answer for every such case, so it
 * tells nobody that a person is excluded.
 */
export const REGISTRATION_REFUSED_MESSAGE =
  'We cannot open an account for you at the moment. Please contact customer support.';

const blankToNull = (value: string | null | undefined) => (value ? value : null);

export interface RegistrationDeps {
  db: Db;
  clock: Clock;
  verification: VerificationService;
  identityProvider: IdentityVerificationProvider;
  gamstop: Pick<GamstopService, 'screenRegistration' | 'linkCheck'>;
}

export class RegistrationService {
  constructor(private readonly deps: RegistrationDeps) {}

  /** Whether the registration is the same person (identity-match.ts) as an account in a running exclusion or suspended. */
  private async joinsBarredAccount(request: RegisterRequestOutput, now: Date): Promise<boolean> {
    const candidates = await this.deps.db
      .selectFrom('users')
      .select(['email', 'first_name', 'last_name', 'date_of_birth', 'phone', 'address_post_code'])
      .where('status', '!=', 'deleted')
      .where((eb) =>
        eb.or([
          eb('status', '=', 'suspended'),
          eb.and([
            eb('exclusion_kind', 'is not', null),
            eb.or([eb('exclusion_permanent', '=', true), eb('exclusion_until', '>', now)]),
          ]),
        ]),
      )
      .where((eb) =>
        eb.or([
          eb('date_of_birth', '=', request.dateOfBirth),
          eb('phone', '=', request.phone),
          eb(sql<string>`regexp_replace(lower(email), '[+][^@]*@', '@')`, '=', normaliseEmail(request.email)),
        ]),
      )
      .execute();
    const applicant = {
      email: request.email,
      firstName: request.firstName,
      lastName: request.lastName,
      dateOfBirth: request.dateOfBirth,
      phone: request.phone,
      postcode: request.addressPostCode,
    };
    return candidates.some((user) =>
      samePerson(applicant, {
        email: user.email,
        firstName: user.first_name,
        lastName: user.last_name,
        dateOfBirth: user.date_of_birth,
        phone: user.phone,
        postcode: user.address_post_code,
      }),
    );
  }

  /** Creates the customer, their wallet and their identity check in one transaction; answers the check's page. */
  async register(request: RegisterRequestOutput): Promise<{ avCheckUrl: string }> {
    const { db, clock, verification, identityProvider, gamstop } = this.deps;
    const email = request.email.toLowerCase();
    const existing = await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .executeTakeFirst();
    if (existing) throw conflict(DUPLICATE_EMAIL_MESSAGE, 'DuplicateEmail');
    const now = clock.now();
    if (await this.joinsBarredAccount(request, now))
      throw unprocessable(REGISTRATION_REFUSED_MESSAGE, 'RegistrationRefused');
    const gamstopCheck = await gamstop.screenRegistration({
      firstName: request.firstName,
      lastName: request.lastName,
      dateOfBirth: request.dateOfBirth,
      email,
      postcode: request.addressPostCode,
      mobile: request.phone,
    });
    const passwordHash = await hashPassword(request.password);
    let reference: string;
    try {
      reference = await db.transaction().execute(async (trx) => {
        const user = await trx
          .insertInto('users')
          .values({
            email,
            password_hash: passwordHash,
            first_name: request.firstName,
            last_name: request.lastName,
            date_of_birth: request.dateOfBirth,
            gender: request.gender,
            phone: request.phone,
            address1: request.address1,
            address2: request.address2,
            address_city: request.addressCity,
            address_post_code: request.addressPostCode,
            marketing_email: request.marketingOffersEmail,
            marketing_phone: request.marketingOffersPhone,
            marketing_sms: request.marketingOffersSms,
            promotion_code: blankToNull(request.promotionCode),
            referral_code: blankToNull(request.referralCode),
            click_key: blankToNull(request.clickKey),
            verification_status: 'pending',
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('wallets').values({ user_id: user.id, balance: 0, updated_at: now }).execute();
        await gamstop.linkCheck(trx, gamstopCheck, user.id);
        return verification.openCheck(trx, user.id);
      });
    } catch (error) {
      // Two sign-ups with one e-mail at the same moment: the unique index decides.
      if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL_MESSAGE, 'DuplicateEmail');
      throw error;
    }
    const { url } = await identityProvider.startCheck({
      reference,
      firstName: request.firstName,
      lastName: request.lastName,
      dateOfBirth: request.dateOfBirth,
      address1: request.address1,
      address2: request.address2,
      addressCity: request.addressCity,
      addressPostCode: request.addressPostCode,
    });
    return { avCheckUrl: url };
  }
}
