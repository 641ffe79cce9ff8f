import type { Http } from './http';
import {
  netDepositsResponse,
  p2pMarketsResponse,
  transactionsResponse,
  type TransactionsQuery,
} from '../contract/transactions';

export function transactionsApi(http: Http) {
  return {
    list: (query: TransactionsQuery, signal?: AbortSignal) =>
      http.get('/transactions', {
        query: query as Record<string, string | number | undefined>,
        schema: transactionsResponse,
        signal,
      }),
    p2pMarkets: () => http.get('/transactions/p2p-markets', { schema: p2pMarketsResponse }),
    netDeposits: () => http.get('/transactions/net-deposits', { schema: netDepositsResponse }),
  };
}
export type TransactionsApi = ReturnType<typeof transactionsApi>;
