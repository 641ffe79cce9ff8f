import { z } from 'zod';

/** Every error answer of the API. `message` is what users may see. */
export const errorBody = z.object({ message: z.string(), code: z.string().optional() });
export type ErrorBody = z.infer<typeof errorBody>;

/** Characters an e-mail input keeps; everything else is stripped as the user types. */
export const stripEmailCharacters = (value: string) => value.replace(/[^A-Za-z0-9@._+-]/g, '');

/** The "simple address shape" that turns the login e-mail field green. */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

export const PASSWORD_MIN_LENGTH = 8;

export interface PasswordChecklist {
  length: boolean;
  number: boolean;
  letter: boolean;
}

export function passwordChecklist(password: string): PasswordChecklist {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    number: /\d/.test(password),
    letter: /[A-Za-z]/.test(password),
  };
}

/** Password rules with the specification's messages; `prefix` gives 'New password must ...' on the change form. */
export function passwordRules(prefix = 'Password') {
  return z
    .string({ error: `${prefix} must be at least 8 characters` })
    .max(256, `${prefix} is too long`)
    .min(PASSWORD_MIN_LENGTH, `${prefix} must be at least 8 characters`)
    .regex(/\d/, `${prefix} must include at least 1 number`)
    .regex(/[A-Za-z]/, `${prefix} must include at least 1 letter`);
}

/** A money amount on the wire: whole pence, never pounds. */
export const pence = z.number({ error: 'Amount must be a number' }).int('Amount must be whole pence').safe();
