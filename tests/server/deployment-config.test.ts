import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDeploymentConfig, readPositive, readWhole } from '../../server/platform/config';
import { loadConfig } from '../../server/config';
import { loadExchangeConfig } from '../../server/exchange/config';
import { loadSportsbookConfig } from '../../server/sportsbook/config';

const scratchEnv = (env: NodeJS.ProcessEnv = {}) => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'bx-config-')), ...env });

describe('the deployment config every service reads', () => {
  it('gives each service the same ports, public URLs and secrets, and the PAM its own settings beside them', () => {
    const env = scratchEnv({ PORT: '9000', SPORTSBOOK_PORT: '9100', EXCHANGE_PORT: '9200', TRUST_PROXY: '1' });
    const deployment = loadDeploymentConfig(env);
    expect(deployment).toMatchObject({
      port: 9000,
      publicUrl: 'http://localhost:9000',
      sportsbookUrl: 'http://localhost:9100',
      exchangeUrl: 'http://localhost:9200',
      exchangePort: 9200,
    });
    const pam = loadConfig(env);
    expect(pam).toMatchObject({ ...deployment, trustProxy: 1 });
    expect(loadExchangeConfig(deployment, env)).toMatchObject({ exchangePort: 9200, pamUrl: 'http://127.0.0.1:9000' });
    expect(loadSportsbookConfig(deployment, env)).toMatchObject({ sportsbookPort: 9100, secrets: pam.secrets });
    rmSync(env.DATA_DIR, { recursive: true, force: true });
  });

  it("refuses a bad setting by its variable's name, and takes the fallback when it is unset", () => {
    expect(readWhole('EXCHANGE_COMMISSION_BP', undefined, 200, 10_000)).toBe(200);
    expect(readWhole('EXCHANGE_COMMISSION_BP', '0', 200, 10_000)).toBe(0);
    expect(() => readWhole('EXCHANGE_COMMISSION_BP', '10001', 200, 10_000)).toThrow(
      'EXCHANGE_COMMISSION_BP must be a whole number from 0 to 10000: 10001',
    );
    expect(() => readWhole('EXCHANGE_COMMISSION_BP', '1.5', 200, 10_000)).toThrow('EXCHANGE_COMMISSION_BP');
    expect(readPositive('SPORTSBOOK_CLOCK_SPEED', '', 9)).toBe(9);
    expect(readPositive('SPORTSBOOK_CLOCK_SPEED', '0.5', 9)).toBe(0.5);
    expect(() => readPositive('SPORTSBOOK_CLOCK_SPEED', '0', 9)).toThrow(
      'SPORTSBOOK_CLOCK_SPEED must be a positive number: 0',
    );
    const env = scratchEnv({ SPORTSBOOK_INPLAY_DELAY_MS: '60001' });
    expect(() => loadSportsbookConfig(loadDeploymentConfig(env), env)).toThrow('SPORTSBOOK_INPLAY_DELAY_MS');
    rmSync(env.DATA_DIR, { recursive: true, force: true });
  });
});
