import type { AddressProvider } from './provider';
import { SandboxAddressProvider } from './sandbox';
import { GetAddressProvider } from './getaddress';

/** getAddress.io when ADDRESS_LOOKUP_API_KEY is set (ADDRESS_LOOKUP_URL overrides its address), else the sandbox. */
export function addressProviderFromEnv(env: NodeJS.ProcessEnv): AddressProvider {
  if (env.ADDRESS_LOOKUP_API_KEY) {
    return new GetAddressProvider({
      baseUrl: env.ADDRESS_LOOKUP_URL || 'https://api.getAddress.io',
      apiKey: env.ADDRESS_LOOKUP_API_KEY,
    });
  }
  return new SandboxAddressProvider();
}
