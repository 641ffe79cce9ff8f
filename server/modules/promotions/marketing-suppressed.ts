/** Promotions stopped after markers of harm (LCCP SR 3.4.3; server/modules/harm): nothing is recorded or granted. */
export const MARKETING_SUPPRESSED =
  'Promotions are not available on this account. Please contact customer support if you have questions.';
