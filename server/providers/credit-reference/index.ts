import { CreditReferenceApiProvider } from './bureau-api';
import type { CreditReferenceProvider } from './provider';
import { CREDIT_REFERENCE_SANDBOX_PATH } from './sandbox';

/** The bureau at CREDIT_REFERENCE_API_URL with CREDIT_REFERENCE_API_KEY when both are set, else the sandbox bureau on the providers origin. */
export function creditReferenceProviderFromEnv(env: NodeJS.ProcessEnv, providersUrl: string): CreditReferenceProvider {
  if (env.CREDIT_REFERENCE_API_URL && env.CREDIT_REFERENCE_API_KEY)
    return new CreditReferenceApiProvider({ url: env.CREDIT_REFERENCE_API_URL, apiKey: env.CREDIT_REFERENCE_API_KEY });
  if (env.CREDIT_REFERENCE_API_URL || env.CREDIT_REFERENCE_API_KEY)
    throw new Error('Set both CREDIT_REFERENCE_API_URL and CREDIT_REFERENCE_API_KEY, or neither (the sandbox)');
  return new CreditReferenceApiProvider({ url: `${providersUrl}${CREDIT_REFERENCE_SANDBOX_PATH}`, apiKey: 'sandbox' });
}
