import type { Migration } from 'kysely';
import * as exchange from './0001_exchange';
import * as walletCallOrder from './0003_wallet_call_order';

/** The exchange's migrations, in order, in their own table in schema `exchange`. Append; never edit one that has shipped. */
export const exchangeMigrations: Record<string, Migration> = {
  '0001_exchange': exchange,
  '0003_wallet_call_order': walletCallOrder,
};
