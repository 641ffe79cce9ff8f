import type { Http } from './http';
import { deleteLimitResponse, limitsResponse, setLimitResponse, type SetLimitRequest } from '../contract/limits';

export function limitsApi(http: Http) {
  return {
    getLimits: () => http.get('/responsible-gambling/get-limits', { schema: limitsResponse }),
    setLimit: (body: SetLimitRequest) => http.post('/responsible-gambling/set-limit', { body, schema: setLimitResponse }),
    deleteLimit: (id: number) => http.delete(`/responsible-gambling/delete-limit/${id}`, { schema: deleteLimitResponse }),
  };
}
export type LimitsApi = ReturnType<typeof limitsApi>;
