import type { CardInfo } from '../../../src/contract/payments';

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
  occurredAt: string;
}

export type ChargeOutcome = { ok: true; cardToken?: string; maskedPan: string } | { ok: false; error: string };
export type CardCheck = { ok: true; cardToken: string; maskedPan: string } | { ok: false; error: string };

/** A card payment provider. A real one is an adapter behind this interface, configured by environment variables. */
export interface CardPaymentProvider {
  /** The hosted card page for a payment; the client appends `&parentOrigin=...`. */
  hostedPaymentUrl(payment: { paymentId: string; amount: number }): string;
  /** Charges a saved card (its token) at once. */
  chargeSavedCard(payment: { paymentId: string; amount: number; cardToken: string }): Promise<ChargeOutcome>;
  /** Checks a card to pay out to and tokenises it. */
  checkPayoutCard(card: CardInfo): Promise<CardCheck>;
  /** Verifies a notification's signature and freshness over its raw body; throws on anything doubtful. */
  verifyNotification(rawBody: string, signatureHeader: string | undefined, now: Date): PaymentNotification;
}
