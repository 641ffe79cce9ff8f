import { createHmac } from 'node:crypto';
import { resolve } from 'node:path';
import { isProductionRun, readBoolean, readWhole, type DeploymentConfig } from '../platform/config';

/** The development market maker's bounds (docs/exchange.md, "The market maker"). */
export interface LiquidityConfig {
  /** EXCHANGE_LIQUIDITY: on in development, off in production unless asked for. */
  enabled: boolean;
  /** How often every quoted market is quoted again. */
  intervalMs: number;
  /** Markets quoted at once: matches in play and the soonest to kick off, in turns. */
  maxMarkets: number;
  /** Orders placed or cancelled in one pass over the markets. */
  maxOrdersPerTick: number;
  /** What the house may have held over all its markets at once, pence. */
  maxExposure: number;
}

/** The house account: a PAM customer like any other, whose password only the PAM and the exchange can work out. */
export interface HouseAccountConfig {
  email: string;
  password: string;
  /** What the PAM tops its balance up to (an operator's credit) when it is seeded. */
  float: number;
}

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
  liquidity: LiquidityConfig;
  house: HouseAccountConfig;
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
    liquidity: {
      enabled: readBoolean(env.EXCHANGE_LIQUIDITY, !isProductionRun(env)),
      intervalMs:
        readWhole('EXCHANGE_LIQUIDITY_INTERVAL_MS', env.EXCHANGE_LIQUIDITY_INTERVAL_MS, 5_000, 600_000) || 5_000,
      maxMarkets: readWhole('EXCHANGE_LIQUIDITY_MARKETS', env.EXCHANGE_LIQUIDITY_MARKETS, 42, 1_000),
      maxOrdersPerTick: readWhole(
        'EXCHANGE_LIQUIDITY_ORDERS_PER_TICK',
        env.EXCHANGE_LIQUIDITY_ORDERS_PER_TICK,
        200,
        10_000,
      ),
      maxExposure: readWhole('EXCHANGE_LIQUIDITY_MAX_EXPOSURE', env.EXCHANGE_LIQUIDITY_MAX_EXPOSURE, 10_000_000, 1e12),
    },
    house: houseAccount(config.secrets.exchangeSecret),
  };
}

/** The market maker's float: enough for EXCHANGE_LIQUIDITY_MAX_EXPOSURE's default several times over. */
const HOUSE_FLOAT_PENCE = 50_000_000;

export function houseAccount(exchangeSecret: string): HouseAccountConfig {
  return {
    email: 'market-maker@exchange.invalid',
    password: createHmac('sha256', exchangeSecret).update('exchange house account').digest('base64url'),
    float: HOUSE_FLOAT_PENCE,
  };
}
