import { lazySchema, type Http } from './http';
import type { RealityCheckSettingsRequest } from '../contract/reality-checks';

const contract = () => import('../contract/reality-checks');
const status = lazySchema(() => contract().then((checks) => checks.realityCheckStatus));
const summary = lazySchema(() => contract().then((checks) => checks.realityCheckSummary));

export function realityChecksApi(http: Http) {
  return {
    status: () => http.get('/responsible-gambling/reality-check', { schema: status }),
    configure: (body: RealityCheckSettingsRequest) =>
      http.put('/responsible-gambling/reality-check', { body, schema: status }),
    summary: () => http.get('/responsible-gambling/reality-check/summary', { schema: summary }),
    acknowledge: () => http.post('/responsible-gambling/reality-check/continue', { schema: status }),
  };
}
export type RealityChecksApi = ReturnType<typeof realityChecksApi>;
