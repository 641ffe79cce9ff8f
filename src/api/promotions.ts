import type { Http } from './http';
import { applyPromoResponse, promotionsResponse } from '../contract/promotions';

export function promotionsApi(http: Http) {
  return {
    apply: (code: string) =>
      http.post(`/user/promotion_code/${encodeURIComponent(code.trim())}`, { schema: applyPromoResponse }),
    current: () => http.get('/promotions', { schema: promotionsResponse }),
  };
}
