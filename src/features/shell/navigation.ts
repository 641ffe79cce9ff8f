/** The help and legal entries of the footer and the mobile menu, in the menu's order. */
export interface NavEntry {
  overlay: string;
  label: string;
  /** Shown only to a signed-in customer. */
  signedInOnly?: boolean;
}

export const helpEntries: NavEntry[] = [
  { overlay: 'contact', label: 'Contact Us' },
  { overlay: 'account_personal-details_delete-account', label: 'Account Deletion', signedInOnly: true },
  { overlay: 'promotions', label: 'Promotions' },
  { overlay: 'deposits', label: 'Deposit & Withdrawals' },
  { overlay: 'terms', label: 'Terms & Conditions' },
  { overlay: 'privacy', label: 'Privacy Policy' },
  { overlay: 'cookie-policy', label: 'Cookie Policy' },
  { overlay: 'safer-gambling', label: 'Safer Gambling' },
  { overlay: 'betting-rules', label: 'Betting Rules' },
  { overlay: 'exchange-rules', label: 'Exchange Rules' },
];

export const socialLinks = [
  { name: 'Instagram', href: 'https://www.instagram.com/exsport' },
  { name: 'X', href: 'https://x.com/exsport' },
  { name: 'Facebook', href: 'https://www.facebook.com/exsport' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/exsport' },
];
