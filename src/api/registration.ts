import type { Http } from './http';
import { clientConfig, registerResponse, type RegisterRequest } from '../contract/registration';

export function registrationApi(http: Http) {
  return {
    register: (body: RegisterRequest) => http.post('/auth/register', { body, schema: registerResponse }),
    config: () => http.get('/api/config', { schema: clientConfig }),
  };
}
