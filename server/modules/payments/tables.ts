import type { ColumnType, Generated } from 'kysely';
import type { PaymentKind, PaymentMethod, PaymentStatus } from '../../../src/contract/payments';

export interface PaymentsTable {
  id: string;
  seq: Generated<number>;
  user_id: number;
  kind: PaymentKind;
  status: PaymentStatus;
  /** How a deposit was paid. */
  method: ColumnType<PaymentMethod, PaymentMethod | undefined, never>;
  /** Pence, always positive; the direction is the kind. */
  amount: number;
  store_card: boolean;
  masked_pan: string | null;
  card_token: string | null;
  /** The provider's fingerprint of the card: on completed deposits, and on withdrawals. */
  card_fingerprint: string | null;
  error: string | null;
  created_at: ColumnType<Date, Date, never>;
  updated_at: Date;
}

interface SavedCardsTable {
  user_id: number;
  token: string;
  masked_pan: string;
  /** Null for a card saved before fingerprints: it is not known to be a deposit card. */
  fingerprint: string | null;
  created_at: ColumnType<Date, Date, never>;
  updated_at: Date;
}

/** Each signed notification the card provider sent, by its id: a second delivery is recognised. */
interface ProviderNotificationsTable {
  id: string;
  payment_id: string;
  status: string;
  received_at: Date;
}

/** Every wallet token a deposit used, by the provider's id for it: a token is charged once. */
interface WalletTokensTable {
  token_id: string;
  user_id: number;
  payment_id: string;
  used_at: Date;
}

export interface PaymentsTables {
  payments: PaymentsTable;
  saved_cards: SavedCardsTable;
  provider_notifications: ProviderNotificationsTable;
  wallet_tokens: WalletTokensTable;
}
