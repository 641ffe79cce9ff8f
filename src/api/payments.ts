import type { Http } from './http';
import {
  IDEMPOTENCY_HEADER,
  depositFormResponse,
  paymentResult,
  paymentsResponse,
  payoutCardsResponse,
  savedCard,
  walletSheetResponse,
  type DepositJsRequest,
  type Wallet,
  type WalletDepositRequest,
  type PaymentsQuery,
  type WithdrawRequest,
} from '../contract/payments';

const keyed = (idempotencyKey: string) => ({ [IDEMPOTENCY_HEADER]: idempotencyKey });

export function paymentsApi(http: Http) {
  return {
    card: () => http.get('/card', { schema: savedCard }),
    payoutCards: () => http.get('/payout_cards', { schema: payoutCardsResponse }),
    depositForm: (query: { amount: number; storeCard: boolean }, idempotencyKey: string) =>
      http.get('/deposit_form', { query, headers: keyed(idempotencyKey), schema: depositFormResponse }),
    depositWithSavedCard: (body: DepositJsRequest, idempotencyKey: string) =>
      http.post('/deposit_js', { body, headers: keyed(idempotencyKey), schema: paymentResult }),
    walletSheet: (query: { wallet: Wallet; amount: number }) =>
      http.get('/wallet_sheet', { query, schema: walletSheetResponse }),
    depositWithWallet: (body: WalletDepositRequest, idempotencyKey: string) =>
      http.post('/deposit_wallet', { body, headers: keyed(idempotencyKey), schema: paymentResult }),
    withdraw: (body: WithdrawRequest, idempotencyKey: string) =>
      http.post('/withdraw', { body, headers: keyed(idempotencyKey), schema: paymentResult }),
    payments: (query: PaymentsQuery = {}) => http.get('/payments', { query, schema: paymentsResponse }),
  };
}

/** Query keys of payment data, so every screen invalidates the same ones. */
export const paymentKeys = {
  all: ['payments'] as const,
  card: () => [...paymentKeys.all, 'card'] as const,
  payoutCards: () => [...paymentKeys.all, 'payout-cards'] as const,
  list: (query: PaymentsQuery) => [...paymentKeys.all, 'list', query] as const,
};
