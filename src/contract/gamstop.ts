/** The words customers see about GAMSTOP, the national online self-exclusion scheme (LCCP SR 3.5.5). */

const HELP =
  'For free, confidential support at any time, call the National Gambling Helpline on 0808 8020 133 or visit gamstop.co.uk.';

/** Registration refused: the person is excluded with GAMSTOP. Kind, and says where to get help. */
export const GAMSTOP_REGISTRATION_REFUSED = `We can't open an account for you because you have self-excluded from online gambling with GAMSTOP, the national self-exclusion scheme. We respect that choice, and nothing you entered has been kept. ${HELP}`;

/** Sign-in or a deposit refused and the account blocked: GAMSTOP says the customer is excluded. */
export const GAMSTOP_ACCOUNT_CLOSED = `You have self-excluded from online gambling with GAMSTOP, the national self-exclusion scheme, so this account is closed to betting, deposits and sign-in until your GAMSTOP exclusion ends. ${HELP}`;

/** GAMSTOP could not be asked: nothing goes ahead unchecked. */
export const GAMSTOP_UNAVAILABLE =
  "We can't reach GAMSTOP, the national self-exclusion scheme, to complete a required check, so we can't go ahead just now. Nothing has been changed. Please try again in a few minutes.";

export const GAMSTOP_ERROR_CODES = { excluded: 'GamstopExcluded', unavailable: 'GamstopUnavailable' } as const;
