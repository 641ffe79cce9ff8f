import { lazySchema, type Http } from './http';
import type { RegisterRequest } from '../contract/registration';

// Lazy like the other APIs: the config is read as the page starts, and zod must not be in the first paint's code.
const contract = () => import('../contract/registration');
const registerResponse = lazySchema(() => contract().then((registration) => registration.registerResponse));
const clientConfig = lazySchema(() => contract().then((registration) => registration.clientConfig));

export function registrationApi(http: Http) {
  return {
    register: (body: RegisterRequest) => http.post('/auth/register', { body, schema: registerResponse }),
    config: () => http.get('/api/config', { schema: clientConfig }),
  };
}
