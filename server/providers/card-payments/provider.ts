import type { CardInfo, Wallet } from '../../../src/contract/payments';

/** What the provider tells the API about one payment attempt, server to server. */
export interface PaymentNotification {
  /** Unique per notification; a redelivery carries the same id. */
  id: string;
  paymentId: string;
  /** Pence; must equal the payment's amount. */
  amount: number;
  status: 'success' | 'failed';
  error?: string;
  /** On success: the card's reusable token and masked number. */
  cardToken?: string;
  maskedPan?: string;
  /** On success: the provider's fingerprint of the card number, the same for every token of one card. */
  cardFingerprint?: string;
  occurredAt: string;
}

/**
 * A card fingerprint (as real providers give one) names a card number without revealing it: withdrawals are
 * allowed only to a card whose fingerprint a completed deposit carries.
 */
export type ChargeOutcome =
  { ok: true; cardToken?: string; maskedPan: string; cardFingerprint?: string } | { ok: false; error: string };
export type CardCheck =
  { ok: true; cardToken: string; maskedPan: string; cardFingerprint: string } | { ok: false; error: string };
/** What the provider knows of a charge made under a reference (the payment id): the truth after a crash or a timeout. */
export type ChargeLookup = ChargeOutcome | { ok: 'unknown' };

/**
 * A wallet token as the processor reads it (for Apple Pay and Google Pay it decrypts the token with the merchant's
 * keys): the funding card behind it, as a card token the provider charges, or why it cannot be used.
 */
export type WalletTokenCheck =
  | {
      ok: true;
      /** The provider's id for this token (Apple Pay's transactionId): the same token always has the same id. */
      tokenId: string;
      wallet: Wallet;
      /** Pence the customer confirmed in the wallet. */
      amount: number;
      funding: 'debit' | 'credit';
      cardholderName: string;
      cardToken: string;
      maskedPan: string;
    }
  | { ok: false; error: string };

/** A card payment provider. A real one is an adapter behind this interface, configured by environment variables. */
export interface CardPaymentProvider {
  /** The hosted card page for a payment; the client appends `&parentOrigin=...`. */
  hostedPaymentUrl(payment: { paymentId: string; amount: number }): string;
  /**
   * Charges a saved card (its token) at once, under the payment id as the provider's reference: charging the
   * same reference again answers the first outcome and never charges twice.
   */
  chargeSavedCard(payment: { paymentId: string; amount: number; cardToken: string }): Promise<ChargeOutcome>;
  /** Asks the provider what became of the charge or card payment under this reference; 'unknown' when it never saw one. */
  findCharge(payment: { paymentId: string; amount: number }): Promise<ChargeLookup>;
  /** The wallet's payment sheet for an amount; the client appends `&parentOrigin=...`. */
  walletSheetUrl(payment: { wallet: Wallet; amount: number }): string;
  /** Reads a wallet token the sheet gave (never charges): refused when forged, altered or stale. Charge its cardToken. */
  openWalletToken(token: string): Promise<WalletTokenCheck>;
  /** Whether paying out to a card the customer deposited from (by its token) needs its security code first. */
  payoutSecurityCodeRequired(card: { cardToken: string; saved: boolean }): boolean;
  /** Checks a known card's security code before a payout to it. */
  checkPayoutSecurityCode(card: {
    cardToken: string;
    securityCode: string;
  }): Promise<{ ok: true } | { ok: false; error: string }>;
  /** Checks a card to pay out to and tokenises it. */
  checkPayoutCard(card: CardInfo): Promise<CardCheck>;
  /** Verifies a notification's signature and freshness over its raw body; throws on anything doubtful. */
  verifyNotification(rawBody: string, signatureHeader: string | undefined, now: Date): PaymentNotification;
}
