import { lazySchema, type Http } from './http';
import type { SetLimitRequest } from '../contract/limits';

const contract = () => import('../contract/limits');
const limitsResponse = lazySchema(() => contract().then((limits) => limits.limitsResponse));
const setLimitResponse = lazySchema(() => contract().then((limits) => limits.setLimitResponse));
const deleteLimitResponse = lazySchema(() => contract().then((limits) => limits.deleteLimitResponse));
const limitQuestionResponse = lazySchema(() => contract().then((limits) => limits.limitQuestionResponse));

export function limitsApi(http: Http) {
  return {
    getLimits: () => http.get('/responsible-gambling/get-limits', { schema: limitsResponse }),
    setLimit: (body: SetLimitRequest) =>
      http.post('/responsible-gambling/set-limit', { body, schema: setLimitResponse }),
    deleteLimit: (id: number) =>
      http.delete(`/responsible-gambling/delete-limit/${id}`, { schema: deleteLimitResponse }),
    limitQuestion: () => http.get('/responsible-gambling/limit-question', { schema: limitQuestionResponse }),
    declineLimit: () => http.post('/responsible-gambling/decline-limit', { schema: limitQuestionResponse }),
    limitReviewed: () => http.post('/responsible-gambling/limit-review', { schema: limitQuestionResponse }),
  };
}
export type LimitsApi = ReturnType<typeof limitsApi>;
