/** Where a customer who is stepping back can get free, independent help (shown after a time out or self-exclusion). */
export const HELP_ORGANISATIONS = [
  {
    name: 'GamCare',
    href: 'https://www.gamcare.org.uk',
    text: 'Free, confidential support and the National Gambling Helpline, 0808 8020 133, open 24 hours a day.',
  },
  {
    name: 'GAMSTOP',
    href: 'https://www.gamstop.co.uk',
    text: 'Exclude yourself from every gambling site licensed in Great Britain, not only ours.',
  },
  { name: 'BeGambleAware', href: 'https://www.begambleaware.org', text: 'Advice, tools and treatment services.' },
] as const;
