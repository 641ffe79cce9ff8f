import { accountKeys } from '../../api/account';

/** Under the account's keys: dropped with the rest of the customer's data at logout. */
export const securityKeys = {
  twoStep: () => [...accountKeys.all, 'two-step'] as const,
  signIns: () => [...accountKeys.all, 'sign-ins'] as const,
};
