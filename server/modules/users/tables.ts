import type { ColumnType, Generated } from 'kysely';

export type UserStatus = 'active' | 'suspended' | 'deleted';
export type VerificationStatus = 'pending' | 'passed' | 'failed';
export type ExclusionKind = 'time-out' | 'self-exclusion';

interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  /** yyyy-MM-dd */
  date_of_birth: string;
  gender: Generated<string>;
  phone: string;
  address1: Generated<string>;
  address2: Generated<string>;
  address_city: Generated<string>;
  address_post_code: Generated<string>;
  avatar_url: Generated<string | null>;
  marketing_email: Generated<boolean>;
  marketing_phone: Generated<boolean>;
  marketing_sms: Generated<boolean>;
  promotion_code: Generated<string | null>;
  referral_code: Generated<string | null>;
  click_key: Generated<string | null>;
  status: Generated<UserStatus>;
  verification_status: Generated<VerificationStatus>;
  failed_logins: Generated<number>;
  locked_out: Generated<boolean>;
  exclusion_kind: Generated<ExclusionKind | null>;
  exclusion_until: Generated<Date | null>;
  exclusion_permanent: Generated<boolean>;
  /** The self-exclusion above was put in place by a GAMSTOP Y answer, and ends when GAMSTOP no longer says Y. */
  exclusion_by_gamstop: Generated<boolean>;
  /** Migration 0023: marketing and promotions stopped after markers of harm (LCCP SR 3.4.3), whatever the consent choices say. */
  marketing_suppressed: Generated<boolean>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface UsersTables {
  users: UsersTable;
}
