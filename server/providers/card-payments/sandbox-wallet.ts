import type { Wallet } from '../../../src/contract/payments';
import { signValue, validValue } from '../../platform/signing/body-signature';

export const WALLET_SHEET_PATH = '/card-payments/wallet';
/** A wallet token is good this long after the sheet made it, as processors refuse stale Apple Pay and Google Pay tokens. */
export const WALLET_TOKEN_MAX_AGE_MS = 15 * 60_000;

/** The cards in the sandbox wallet (docs/decisions.md, Sandbox wallets): two debit cards and a credit card. */
export const SANDBOX_WALLET_CARDS = [
  { id: 'visa-debit', label: 'Visa Debit', pan: '4242424242424242', expiry: '12/39', funding: 'debit' },
  { id: 'visa-debit-2', label: 'Visa Debit', pan: '4000056655665556', expiry: '12/39', funding: 'debit' },
  { id: 'mastercard-credit', label: 'Mastercard Credit', pan: '5555555555554444', expiry: '12/39', funding: 'credit' },
] as const;

/** What a sandbox wallet token says, signed by the provider: what a processor reads from a decrypted Apple Pay or Google Pay token. */
export interface WalletTokenBody {
  /** Unique per token, as Apple Pay's transactionId: a token is charged once. */
  id: string;
  wallet: Wallet;
  /** Pence, the amount the customer confirmed on the sheet. */
  amount: number;
  funding: 'debit' | 'credit';
  cardholderName: string;
  /** The provider's reusable token for the funding card, and its masked number. */
  cardToken: string;
  maskedPan: string;
  /** When the sheet made it (ms since the epoch). */
  issuedAt: number;
}

/** The sheet's query is signed by the API so the amount the customer confirms is the amount asked. */
export const walletSheetSignature = (secret: string, wallet: Wallet, amount: number) =>
  signValue(secret, 'wallet-sheet', `${wallet}:${amount}`);
export const validWalletSheetSignature = (secret: string, wallet: Wallet, amount: number, signature: string) =>
  validValue(secret, 'wallet-sheet', `${wallet}:${amount}`, signature);

export function encodeWalletToken(secret: string, body: WalletTokenBody): string {
  const encoded = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `wtk_${encoded}.${signValue(secret, 'wallet-token', encoded)}`;
}

/** The token's body when the provider signed it exactly as it is; undefined for anything else. */
export function readWalletToken(secret: string, token: string): WalletTokenBody | undefined {
  const match = /^wtk_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!match || !validValue(secret, 'wallet-token', match[1]!, match[2]!)) return undefined;
  return JSON.parse(Buffer.from(match[1]!, 'base64url').toString()) as WalletTokenBody;
}
