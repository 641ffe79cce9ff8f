import { createHash } from 'node:crypto';
import { z } from 'zod';
import { text } from '../../../src/contract/common';
import { walletKind, WALLET_TOKEN_INVALID_MESSAGE } from '../../../src/contract/payments';
import type { WalletTokenCheck } from './provider';

export interface ProcessorWalletTokensOptions {
  /** The processor's token endpoint (POST), e.g. https://api.checkout.com/tokens; a local fake in tests. */
  url: string;
  /** The processor's public key, which its token API takes. */
  publicKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * What the app sends for a real wallet: the wallet's own payment data (Apple Pay's `token.paymentData`, Google Pay's
 * `tokenizationData.token`) with what the customer confirmed in the wallet's sheet (amount, billing name).
 */
const walletPayment = z.object({
  wallet: walletKind,
  amount: z.number().int().positive(),
  cardholderName: text().max(100),
  data: z.record(z.string(), z.unknown()),
});

/** The processor's answer: a short-lived card token for the decrypted card, with what it knows of the card. */
const processorToken = z.object({
  token: text().min(1).max(300),
  card_type: z.string().optional(),
  last4: z.string().regex(/^\d{4}$/),
});

/**
 * The adapter shape for a real processor's wallet tokens (the Checkout.com style token API): the processor holds the
 * merchant keys, decrypts the Apple Pay or Google Pay data and answers a card token the card provider charges. The
 * token's id is the hash of the wallet's data, so the same payment data presented twice is refused as used. A real
 * CardPaymentProvider's openWalletToken is this; the sandbox's reads its own signed tokens (docs/decisions.md).
 */
export class ProcessorWalletTokens {
  constructor(private readonly options: ProcessorWalletTokensOptions) {}

  async open(token: string): Promise<WalletTokenCheck> {
    let payment: z.infer<typeof walletPayment>;
    try {
      payment = walletPayment.parse(JSON.parse(token));
    } catch {
      return { ok: false, error: WALLET_TOKEN_INVALID_MESSAGE };
    }
    const response = await (this.options.fetch ?? fetch)(this.options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: this.options.publicKey },
      body: JSON.stringify({
        type: payment.wallet === 'ApplePay' ? 'applepay' : 'googlepay',
        token_data: payment.data,
      }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    // The processor refuses data it cannot decrypt or has seen expire: the same answer as a forged sandbox token.
    if (!response.ok) return { ok: false, error: WALLET_TOKEN_INVALID_MESSAGE };
    const card = processorToken.safeParse(await response.json().catch(() => undefined));
    if (!card.success) throw new Error('The card processor answered a wallet token in an unknown shape');
    return {
      ok: true,
      tokenId: createHash('sha256').update(JSON.stringify(payment.data)).digest('base64url'),
      wallet: payment.wallet,
      amount: payment.amount,
      // Only a card the processor says is debit counts as debit: an unknown type is refused as credit would be.
      funding: card.data.card_type?.toUpperCase() === 'DEBIT' ? 'debit' : 'credit',
      cardholderName: payment.cardholderName,
      cardToken: card.data.token,
      maskedPan: `**** **** **** ${card.data.last4}`,
    };
  }
}
