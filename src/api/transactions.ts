import type { Http } from './http';
import { netDepositsResponse, transactionsResponse, type TransactionsQuery } from '../contract/transactions';

export function transactionsApi(http: Http) {
  return {
    list: (query: TransactionsQuery, signal?: AbortSignal) =>
      http.get('/transactions', {
        query: query as Record<string, string | number | undefined>,
        schema: transactionsResponse,
        signal,
      }),
    netDeposits: () => http.get('/transactions/net-deposits', { schema: netDepositsResponse }),
  };
}
export type TransactionsApi = ReturnType<typeof transactionsApi>;
