import type { GamstopProvider } from './provider';
import { SandboxGamstopProvider } from './sandbox';
import { GamstopApiProvider } from './gamstop-api';

/** The real GAMSTOP API when GAMSTOP_API_URL and GAMSTOP_API_KEY are set, else the sandbox. */
export function gamstopProviderFromEnv(env: NodeJS.ProcessEnv): GamstopProvider {
  if (env.GAMSTOP_API_URL && env.GAMSTOP_API_KEY)
    return new GamstopApiProvider({ url: env.GAMSTOP_API_URL, apiKey: env.GAMSTOP_API_KEY });
  if (env.GAMSTOP_API_URL || env.GAMSTOP_API_KEY)
    throw new Error('Set both GAMSTOP_API_URL and GAMSTOP_API_KEY, or neither (the sandbox)');
  return new SandboxGamstopProvider();
}
