import type { SportsbookBus } from './bus';
import { InProcessSportsbookBus } from './bus';

/** The sportsbook's bus for this process's environment (filled in by the scale-out work). */
export async function sportsbookBusFromEnv(_env: NodeJS.ProcessEnv, _log: (message: string, detail?: unknown) => void): Promise<SportsbookBus> {
  return new InProcessSportsbookBus();
}
