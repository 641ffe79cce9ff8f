import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import base from '../playwright.config';

/**
 * `npm run screens`: the screenshot journeys of scripts/screens-*.ts against the browser tests' own server (built with
 * VITE_TEST_HOOKS=true), kept out of the suite: they save pictures to look at, and assert only that each screen was reached.
 * SHOTS_DIR says where the PNGs go (outside the repository), E2E_PORT which ports to use (docs/sportsbook.md, Screens).
 */
const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'screens-*.ts',
  timeout: 300_000,
  workers: 1,
  reporter: 'list',
  // A press an older tree has no button for fails in seconds, and the journey goes on (scripts/screens-issue-28.ts).
  use: { ...base.use, actionTimeout: 15_000 },
  webServer: { ...base.webServer, cwd: root } as typeof base.webServer,
});
