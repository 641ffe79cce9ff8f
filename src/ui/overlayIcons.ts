import { Ban, BookOpen, History, KeyRound, ChartLine, Cookie, CreditCard, FileText, Gift, Hourglass, LifeBuoy, ListChecks, Lock, Mail, PiggyBank, ReceiptText, ShieldCheck, TicketPercent, Trash2, User, type LucideIcon } from 'lucide-react';

/** The icon each drawer wears in menu lists (account items, safer gambling, the mobile menu). */
const ICONS: Record<string, LucideIcon> = {
  'account_personal-details': User,
  'account_promo-code': TicketPercent,
  AllBets: ListChecks,
  'account_two-step': KeyRound,
  'account_sign-in-history': History,
  'account_transaction-history': ReceiptText,
  'account_responsible-gambling': ShieldCheck,
  'account_responsible-gambling_deposit-limits': PiggyBank,
  'account_responsible-gambling_profit-and-loss': ChartLine,
  'account_responsible-gambling_time-out': Hourglass,
  'account_responsible-gambling_self-exclude': Ban,
  'account_personal-details_delete-account': Trash2,
  contact: Mail,
  promotions: Gift,
  deposits: CreditCard,
  terms: FileText,
  privacy: Lock,
  'cookie-policy': Cookie,
  'safer-gambling': LifeBuoy,
  'betting-rules': BookOpen,
};

export const overlayIcon = (name: string): LucideIcon | undefined => ICONS[name];
