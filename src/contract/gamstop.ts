/** The words customers see about GAMSTOP, the national online self-exclusion scheme (LCCP SR 3.5.5). */

const HELP =
  'For free, confidential support at any time, call the National Gambling Helpline on 0808 8020 133 or visit gamstop.co.uk.';

/** Registration refused: the person is excluded with GAMSTOP. Kind, and says where to get help. */
export const GAMSTOP_REGISTRATION_REFUSED = `We can't open an account for you because you have self-excluded from online gambling with GAMSTOP, the national self-exclusion scheme. We respect that choice, and nothing you entered has been kept. ${HELP}`;

/** Sign-in refused and the account blocked: GAMSTOP says the customer is excluded. */
export const GAMSTOP_SIGN_IN_REFUSED = `You have self-excluded from online gambling with GAMSTOP, the national self-exclusion scheme, so this account is closed to betting, deposits and sign-in until your GAMSTOP exclusion ends. ${HELP}`;

/** A deposit refused for the same reason (the customer was signed in when the check answered Y). */
export const GAMSTOP_DEPOSIT_REFUSED = GAMSTOP_SIGN_IN_REFUSED;

/** GAMSTOP could not be asked: nothing goes ahead unchecked. */
export const GAMSTOP_UNAVAILABLE =
  "We can't reach GAMSTOP, the national self-exclusion scheme, to complete a required check, so we can't go ahead just now. Nothing has been changed. Please try again in a few minutes.";

export const GAMSTOP_ERROR_CODES = { excluded: 'GamstopExcluded', unavailable: 'GamstopUnavailable' } as const;
