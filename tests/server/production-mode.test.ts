import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

const config = (env: NodeJS.ProcessEnv) =>
  loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'bx-production-mode-')), ...env });
const choices = (env: NodeJS.ProcessEnv) => {
  const { seedDemo, sandboxProviders } = config(env);
  return { seedDemo, sandboxProviders };
};

describe('production mode: no demo customer and no sandbox providers unless asked for', () => {
  it('a plain development start seeds the demo customer and starts the sandbox providers', () => {
    expect(choices({})).toEqual({ seedDemo: true, sandboxProviders: true });
  });

  it('NODE_ENV=production or a DATABASE_URL turns both off', () => {
    expect(choices({ NODE_ENV: 'production' })).toEqual({ seedDemo: false, sandboxProviders: false });
    expect(choices({ DATABASE_URL: 'postgres://user@127.0.0.1:5432/exsport' })).toEqual({
      seedDemo: false,
      sandboxProviders: false,
    });
  });

  it('each comes back only when asked for explicitly, and can be turned off in development', () => {
    expect(choices({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toEqual({ seedDemo: true, sandboxProviders: false });
    expect(choices({ DATABASE_URL: 'postgres://user@127.0.0.1:5432/exsport', SANDBOX_PROVIDERS: 'true' })).toEqual({
      seedDemo: false,
      sandboxProviders: true,
    });
    expect(choices({ SEED_DEMO: 'false', SANDBOX_PROVIDERS: 'off' })).toEqual({
      seedDemo: false,
      sandboxProviders: false,
    });
  });
});
