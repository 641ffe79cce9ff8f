import { connectBroker, type Broker, type BrokerLog } from '../../platform/live/broker';
import { BrokeredSportsbookBus, InProcessSportsbookBus, type SportsbookBus } from './bus';

/**
 * The sportsbook's bus for this process: over the given broker (npm start shares the PAM's), else Redis with
 * REDIS_URL, else PostgreSQL LISTEN/NOTIFY with DATABASE_URL, else in-process (one instance on PGlite).
 */
export async function sportsbookBusFromEnv(
  env: { REDIS_URL?: string; REDIS_CHANNEL_PREFIX?: string; DATABASE_URL?: string },
  log: BrokerLog,
  shared?: Broker,
): Promise<SportsbookBus> {
  if (shared) return BrokeredSportsbookBus.open(shared, log, { ownsBroker: false });
  const broker = await connectBroker(env, log);
  return broker ? BrokeredSportsbookBus.open(broker, log, { ownsBroker: true }) : new InProcessSportsbookBus();
}
