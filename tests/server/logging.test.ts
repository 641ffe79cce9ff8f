import { describe, expect, it } from 'vitest';
import { logSettingsFromEnv, prettyLogOptions } from '../../server/platform/logging';

describe('development and production logs', () => {
  it('a development start logs warnings and errors as readable lines, and no requests', () => {
    expect(logSettingsFromEnv({})).toEqual({ level: 'warn', pretty: true, production: false });
    expect(prettyLogOptions(true)).toMatchObject({ transport: { target: 'pino-pretty' } });
  });

  it('production logs JSON at info, requests included', () => {
    expect(logSettingsFromEnv({ NODE_ENV: 'production' })).toEqual({ level: 'info', pretty: false, production: true });
    expect(logSettingsFromEnv({ DATABASE_URL: 'postgres://db/x' })).toMatchObject({ level: 'info', pretty: false });
    expect(prettyLogOptions(false)).toEqual({});
  });

  it('LOG_LEVEL asks for requests in development, and LOG_FORMAT=json keeps JSON there', () => {
    expect(logSettingsFromEnv({ LOG_LEVEL: 'info' })).toMatchObject({ level: 'info', pretty: true });
    expect(logSettingsFromEnv({ LOG_FORMAT: 'json' })).toMatchObject({ level: 'warn', pretty: false });
  });
});
