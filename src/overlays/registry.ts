import { createElement, type ComponentType } from 'react';
import type { OverlayCatalog, OverlayCategory, OverlayDefinition, OverlayKind, OverlayProps } from './types';
import { retryableLazy } from '../ui/retryableLazy';

type ScreenLoader = () => Promise<{ default: ComponentType<OverlayProps<any>> }>;

/** A drawer's or modal's screen, with the form styles no first screen needs (src/ui/design/forms.css). */
const screen = (load: ScreenLoader) =>
  retryableLazy(async () => (await Promise.all([load(), import('../ui/design/forms.css')]))[0]);

function drawer(
  name: string,
  title: string,
  load: ScreenLoader | undefined,
  extra: Partial<OverlayDefinition> = {},
): OverlayDefinition {
  return { name, kind: 'drawer', title, slide: 'right', component: load ? screen(load) : undefined, ...extra };
}

function modal(
  name: string,
  title: string,
  load: ScreenLoader | undefined,
  extra: Partial<OverlayDefinition> = {},
): OverlayDefinition {
  return { name, kind: 'modal', title, slide: 'bottom', component: load ? screen(load) : undefined, ...extra };
}

const LegalDocumentScreen = retryableLazy(() => import('../features/legal/LegalDocumentDrawer'));

/** A legal or help drawer: one screen (one file) for all of them, showing the document the overlay is named after. */
function legal(name: string, title: string): OverlayDefinition {
  const component = Object.assign(() => createElement(LegalDocumentScreen, { slug: name }), {
    reload: () => LegalDocumentScreen.reload(),
  });
  return { ...drawer(name, title, undefined), component };
}

/** Every overlay of both specification documents, by path name. Opening a name not here is an error. */
export const overlayDefinitions: OverlayDefinition[] = [
  // Session
  drawer('login', 'Login', () => import('../features/auth/LoginDrawer')),
  drawer('register', 'Registration', () => import('../features/registration/RegisterDrawer')),
  drawer('forgot-password', 'Forgot password', () => import('../features/auth/ForgotPasswordDrawer')),
  drawer('reset-password', 'Reset password', () => import('../features/auth/ResetPasswordDrawer')),
  modal('logout', 'Logout', () => import('../features/shell/LogoutModal')),
  drawer('account-suspended', 'Account Suspended', () => import('../features/account/AccountSuspendedDrawer')),

  // Shell
  drawer('mobile-switcher', 'Switch product', () => import('../features/shell/MobileSwitcherDrawer'), {
    slide: 'bottom',
  }),
  drawer('mobile-menu', 'Menu', () => import('../features/shell/MobileMenuDrawer'), { slide: 'left' }),
  modal('download-app', 'Get the app', () => import('../features/shell/DownloadAppModal')),
  modal('bet-not-logged-in', "Let's get that bet on", () => import('../features/shell/BetNotLoggedInModal')),
  { name: 'iframeRedirect', kind: 'iframeRedirect', title: 'Redirect', slide: 'right' },

  // Account
  drawer('account', 'Account', () => import('../features/account/AccountDrawer'), { category: 'account' }),
  drawer('account_personal-details', 'Personal Details', () => import('../features/account/PersonalDetailsDrawer'), {
    back: 'account',
    category: 'account_personal-details',
  }),
  drawer(
    'account_personal-details_update-password',
    'Update Password',
    () => import('../features/account/UpdatePasswordDrawer'),
    { back: 'account_personal-details', category: 'account_personal-details' },
  ),
  drawer(
    'account_personal-details_delete-account',
    'Delete Account',
    () => import('../features/account/DeleteAccountDrawer'),
    { back: 'account_personal-details', category: 'account_personal-details' },
  ),
  drawer('account_promo-code', 'Promo Code', () => import('../features/promotions/PromoCodeDrawer'), {
    back: 'account',
    category: 'account',
  }),
  drawer('AllBets', 'My Bets', () => import('../features/bets/MyBetsDrawer'), { back: 'account', category: 'account' }),
  drawer('account_two-step', 'Two-Step Sign-In', () => import('../features/auth/TwoStepDrawer'), {
    back: 'account',
    category: 'account',
    subtitle: 'Ask for a code from your phone when signing in',
  }),
  drawer('account_sign-in-history', 'Sign-In History', () => import('../features/auth/SignInHistoryDrawer'), {
    back: 'account',
    category: 'account',
    subtitle: 'When and where your account was used',
  }),

  // Money
  drawer('account_deposit', 'Deposit', () => import('../features/deposit/DepositDrawer'), {
    back: 'account',
    category: 'account',
  }),
  drawer('register_deposit', 'Deposit', () => import('../features/deposit/RegisterDepositDrawer')),
  drawer('account_withdraw', 'Withdraw', () => import('../features/withdraw/WithdrawDrawer'), {
    back: 'account',
    category: 'account',
  }),
  drawer(
    'account_transaction-history',
    'Transaction History',
    () => import('../features/history/TransactionHistoryDrawer'),
    { back: 'account', category: 'account' },
  ),

  // Safer gambling
  drawer(
    'account_responsible-gambling',
    'Responsible Gambling',
    () => import('../features/safer-gambling/ResponsibleGamblingDrawer'),
    { back: 'account', category: 'account_responsible-gambling' },
  ),
  drawer(
    'account_responsible-gambling_deposit-limits',
    'Deposit Limits',
    () => import('../features/limits/DepositLimitsDrawer'),
    {
      back: 'account_responsible-gambling',
      category: 'account_responsible-gambling',
      subtitle: 'Set limits to deposits daily, weekly and/or monthly',
    },
  ),
  modal(
    'account_responsible-gambling_deposit-limits_delete-limit',
    'Delete limit',
    () => import('../features/limits/DeleteLimitModal'),
  ),
  drawer(
    'account_responsible-gambling_reality-checks',
    'Reality Checks',
    () => import('../features/reality-checks/RealityChecksDrawer'),
    {
      back: 'account_responsible-gambling',
      category: 'account_responsible-gambling',
      subtitle: 'Be reminded of your time and money while you play',
    },
  ),
  drawer(
    'account_responsible-gambling_profit-and-loss',
    'Profit & Loss',
    () => import('../features/safer-gambling/ProfitAndLossDrawer'),
    {
      back: 'account_responsible-gambling',
      category: 'account_responsible-gambling',
      subtitle: 'See your profit and loss during a specific period',
    },
  ),
  drawer(
    'account_responsible-gambling_time-out',
    'Time Out',
    () => import('../features/safer-gambling/TimeOutDrawer'),
    {
      back: 'account_responsible-gambling',
      category: 'account_responsible-gambling',
      subtitle: 'Take a break from our app',
    },
  ),
  // After a time out or self-exclusion (the customer is already logged out): what happens now, where to get help.
  drawer('account-locked', 'Account locked', () => import('../features/safer-gambling/AccountLockedDrawer')),
  drawer(
    'account_responsible-gambling_self-exclude',
    'Self-Exclude',
    () => import('../features/safer-gambling/SelfExcludeDrawer'),
    {
      back: 'account_responsible-gambling',
      category: 'account_responsible-gambling',
      subtitle: 'Stop using our app for a set time period',
    },
  ),

  // Legal and help
  legal('cookie-policy', 'Cookie Policy'),
  legal('terms', 'Terms & Conditions'),
  legal('privacy', 'Privacy Policy'),
  legal('promotions', 'Promotions'),
  legal('contact', 'Contact Us'),
  legal('deposits', 'Deposits & Withdrawals'),
  legal('safer-gambling', 'Safer Gambling'),
  legal('betting-rules', 'Betting Rules'),
  legal('exchange-rules', 'Exchange Rules'),
];

const OVERLAY_KINDS: readonly OverlayKind[] = ['drawer', 'modal', 'iframeRedirect'];
const byName = new Map(overlayDefinitions.map((definition) => [definition.name, definition]));

export function findOverlay(name: string): OverlayDefinition {
  const definition = byName.get(name);
  if (!definition) throw new Error(`Unknown overlay: ${name}`);
  if (!OVERLAY_KINDS.includes(definition.kind)) throw new Error(`Unknown overlay kind: ${definition.kind}`);
  return definition;
}

export const overlaysInCategory = (category: OverlayCategory) =>
  overlayDefinitions.filter((definition) => definition.category === category);

/** The registry as the overlay store sees it (handed in by the app's entry point). */
export const overlayCatalog: OverlayCatalog = { find: findOverlay, inCategory: overlaysInCategory };
