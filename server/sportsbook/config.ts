import { resolve } from 'node:path';
import { readPositive, readWhole, type DeploymentConfig } from '../platform/config';
import { defaultCashOutPolicy } from './bets/cash-out';
import { DEFAULT_CLOCK_SPEED, defaultGoalSuspensionMs } from './feed/feed';
import { defaultInPlayDelayMs } from './bets/inplay-delay';

/** The sportsbook's settings: the deployment's (server/platform/config.ts) plus its own from the environment. */
export interface SportsbookConfig extends Pick<
  DeploymentConfig,
  'host' | 'publicUrl' | 'sportsbookUrl' | 'sportsbookPort' | 'secrets' | 'databaseUrl' | 'dataDir'
> {
  /** Where the sportsbook calls the PAM's wallet API, server to server. */
  pamUrl: string;
  /** Match seconds per real second: 9 plays 90 minutes in 10. */
  clockSpeed: number;
  /** Real milliseconds a goal holds a match's markets suspended. */
  goalSuspensionMs: number;
  /** Real milliseconds an in-play bet is held before it is accepted or refused; 0 turns the delay off (default: by clock speed). */
  inPlayDelayMs?: number;
  /** The built frame (dist-sportsbook/), served when it exists. */
  clientDir: string;
  /** How often the reconciliation with the PAM runs (over twice that span back); 0 turns it off. */
  reconcileIntervalMs?: number;
  /** How long a cash out waits before it is re-valued and settled, real milliseconds. */
  cashOutDelayMs?: number;
}

export function loadSportsbookConfig(config: DeploymentConfig, env: NodeJS.ProcessEnv = process.env): SportsbookConfig {
  const clockSpeed = readPositive('SPORTSBOOK_CLOCK_SPEED', env.SPORTSBOOK_CLOCK_SPEED, DEFAULT_CLOCK_SPEED);
  return {
    host: config.host,
    publicUrl: config.publicUrl,
    sportsbookUrl: config.sportsbookUrl,
    sportsbookPort: config.sportsbookPort,
    secrets: config.secrets,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pamUrl: (env.PAM_URL || `http://127.0.0.1:${config.port}`).replace(/\/$/, ''),
    clockSpeed,
    // Real milliseconds: long enough to stop a bet on a goal already scored, short enough not to bore.
    goalSuspensionMs: readPositive(
      'SPORTSBOOK_GOAL_SUSPENSION_MS',
      env.SPORTSBOOK_GOAL_SUSPENSION_MS,
      defaultGoalSuspensionMs(clockSpeed),
    ),
    inPlayDelayMs: readWhole(
      'SPORTSBOOK_INPLAY_DELAY_MS',
      env.SPORTSBOOK_INPLAY_DELAY_MS,
      defaultInPlayDelayMs(clockSpeed),
      60_000,
    ),
    clientDir: resolve(env.SPORTSBOOK_CLIENT_DIR || 'dist-sportsbook'),
    reconcileIntervalMs:
      env.SPORTSBOOK_RECONCILE_INTERVAL_MS === '0'
        ? 0
        : readPositive('SPORTSBOOK_RECONCILE_INTERVAL_MS', env.SPORTSBOOK_RECONCILE_INTERVAL_MS, 15 * 60_000),
    cashOutDelayMs: readPositive(
      'SPORTSBOOK_CASH_OUT_DELAY_MS',
      env.SPORTSBOOK_CASH_OUT_DELAY_MS,
      defaultCashOutPolicy.delayMs,
    ),
  };
}
