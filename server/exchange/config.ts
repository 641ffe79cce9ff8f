import { resolve } from 'node:path';
import { readWhole, type DeploymentConfig } from '../platform/config';

/** The exchange's settings: the deployment's (server/platform/config.ts) plus its own from the environment. */
export interface ExchangeConfig extends Pick<
  DeploymentConfig,
  'host' | 'publicUrl' | 'exchangeUrl' | 'exchangePort' | 'sportsbookUrl' | 'secrets' | 'databaseUrl' | 'dataDir'
> {
  /** Where the exchange calls the PAM's wallet door, server to server. */
  pamUrl: string;
  /** Where it reads the sportsbook's published feed, server to server. */
  feedUrl: string;
  /** Of net market winnings, in basis points, taken at settlement. */
  commissionBp: number;
  /** How long an in-play order that would take liquidity waits before it is matched; 0 turns the delay off. */
  inPlayDelayMs: number;
  /** How often the feed is read. */
  feedPollMs: number;
  /** How long a goal holds a match's markets suspended, real milliseconds. */
  goalSuspensionMs: number;
  /** The built front-end (dist-exchange/), served when it exists. */
  clientDir: string;
}

export function loadExchangeConfig(config: DeploymentConfig, env: NodeJS.ProcessEnv = process.env): ExchangeConfig {
  return {
    host: config.host,
    publicUrl: config.publicUrl,
    exchangeUrl: config.exchangeUrl,
    sportsbookUrl: config.sportsbookUrl,
    secrets: config.secrets,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    exchangePort: config.exchangePort,
    pamUrl: (env.PAM_URL || `http://127.0.0.1:${config.port}`).replace(/\/$/, ''),
    feedUrl: (env.EXCHANGE_FEED_URL || config.sportsbookUrl).replace(/\/$/, ''),
    commissionBp: readWhole('EXCHANGE_COMMISSION_BP', env.EXCHANGE_COMMISSION_BP, 200, 10_000),
    inPlayDelayMs: readWhole('EXCHANGE_INPLAY_DELAY_MS', env.EXCHANGE_INPLAY_DELAY_MS, 5_000, 60_000),
    feedPollMs: readWhole('EXCHANGE_FEED_POLL_MS', env.EXCHANGE_FEED_POLL_MS, 1_000, 60_000) || 1_000,
    goalSuspensionMs: readWhole('EXCHANGE_GOAL_SUSPENSION_MS', env.EXCHANGE_GOAL_SUSPENSION_MS, 10_000, 600_000),
    clientDir: resolve(env.EXCHANGE_CLIENT_DIR || 'dist-exchange'),
  };
}
