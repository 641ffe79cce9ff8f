import { lazySchema, type Http } from './http';
import type { SetLimitRequest } from '../contract/limits';

const contract = () => import('../contract/limits');
const limitsResponse = lazySchema(() => contract().then((limits) => limits.limitsResponse));
const setLimitResponse = lazySchema(() => contract().then((limits) => limits.setLimitResponse));
const deleteLimitResponse = lazySchema(() => contract().then((limits) => limits.deleteLimitResponse));

export function limitsApi(http: Http) {
  return {
    getLimits: () => http.get('/responsible-gambling/get-limits', { schema: limitsResponse }),
    setLimit: (body: SetLimitRequest) =>
      http.post('/responsible-gambling/set-limit', { body, schema: setLimitResponse }),
    deleteLimit: (id: number) =>
      http.delete(`/responsible-gambling/delete-limit/${id}`, { schema: deleteLimitResponse }),
  };
}
export type LimitsApi = ReturnType<typeof limitsApi>;
