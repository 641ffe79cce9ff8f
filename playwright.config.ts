import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Overridable so that several checkouts (or engineers) can run browser tests side by side.
export const E2E_PORT = Number(process.env.E2E_PORT || 8180);
export const E2E_PROVIDERS_PORT = Number(process.env.E2E_PROVIDERS_PORT || E2E_PORT + 10);
// A fresh directory per run, made once: the config is loaded again in every worker, which inherit the variable.
process.env.E2E_DATA_DIR ||= mkdtempSync(join(tmpdir(), 'bx-e2e-data-'));
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR;
// The cheapest password hash argon2 allows (docs/operations.md, Configuration), for the servers the specs start.
process.env.ARGON2_MEMORY_KIB ||= '8';
process.env.ARGON2_ITERATIONS ||= '1';
export const E2E_CLIENT_DIR = process.env.E2E_CLIENT_DIR || 'dist';
export const E2E_SPORTSBOOK_PORT = Number(process.env.E2E_SPORTSBOOK_PORT || E2E_PORT + 20);
export const E2E_EXCHANGE_PORT = Number(process.env.E2E_EXCHANGE_PORT || E2E_PORT + 30);

export default defineConfig({
  testDir: 'e2e',
  outputDir: join(tmpdir(), `bx-e2e-results-${E2E_PORT}`),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // The browser phase waits far more than it computes (docs/benchmarks.md, "The test suite"): E2E_WORKERS=3 tries a third.
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'tsx e2e/support/start-server.ts',
    url: `http://localhost:${E2E_PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(E2E_PORT),
      PROVIDERS_PORT: String(E2E_PROVIDERS_PORT),
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: `http://localhost:${E2E_PORT}`,
      PROVIDERS_URL: `http://127.0.0.1:${E2E_PROVIDERS_PORT}`,
      SEED_DEMO: 'true',
      CLIENT_DIR: E2E_CLIENT_DIR,
      SPORTSBOOK_PORT: String(E2E_SPORTSBOOK_PORT),
      SPORTSBOOK_URL: `http://localhost:${E2E_SPORTSBOOK_PORT}`,
      SPORTSBOOK_CLIENT_DIR: process.env.E2E_SPORTSBOOK_CLIENT_DIR || 'dist-sportsbook',
      EXCHANGE_PORT: String(E2E_EXCHANGE_PORT),
      EXCHANGE_URL: `http://localhost:${E2E_EXCHANGE_PORT}`,
      EXCHANGE_CLIENT_DIR: process.env.E2E_EXCHANGE_CLIENT_DIR || 'dist-exchange',
      // The market maker moves every book on a timer: off, so specs see only their own orders (E2E_EXCHANGE_LIQUIDITY=on to watch it).
      EXCHANGE_LIQUIDITY: process.env.E2E_EXCHANGE_LIQUIDITY || 'off',
    },
  },
});
