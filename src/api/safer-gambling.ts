import type { Http } from './http';
import { interactionResponse } from '../contract/harm';
import {
  lockAccountResponse,
  profitLossResponse,
  type LockAccountRequest,
  type ProfitLossRequest,
} from '../contract/safer-gambling';

export function saferGamblingApi(http: Http) {
  return {
    profitLoss: (body: ProfitLossRequest) =>
      http.post('/responsible-gambling/profit-loss', { body, schema: profitLossResponse }),
    lockAccount: (body: LockAccountRequest) =>
      http.post('/responsible-gambling/lock-account', { body, schema: lockAccountResponse }),
    interaction: () => http.get('/responsible-gambling/interaction', { schema: interactionResponse }),
    acknowledgeInteraction: (markerIds: number[]) =>
      http.post('/responsible-gambling/interaction/acknowledge', {
        body: { markerIds },
        schema: interactionResponse,
      }),
  };
}
