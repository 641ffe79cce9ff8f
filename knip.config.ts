import type { KnipConfig } from 'knip';

// Unused files, exports, types and dependencies, run by `npm run lint`. The Vite, Vitest and Playwright plugins
// add the three HTML entries (index.html, src/sportsbook/, src/exchange/), the service worker and the test files.
const config: KnipConfig = {
  entry: [
    'src/sportsbook/index.html',
    'src/exchange/index.html',
    'server/exchange/main.ts',
    'server/sportsbook/main.ts',
    'scripts/*.{ts,mjs}',
    'bench/*.{ts,mjs}',
    'e2e/**/*.ts',
    'tests/**/*.{ts,tsx}',
  ],
  project: ['**/*.{ts,tsx,mjs}'],
  ignoreIssues: {
    // Kysely reads each migration's up and down through the module's namespace (migrations/index.ts).
    'server/**/db/migrations/*.ts': ['exports'],
  },
  ignoreDependencies: [
    // Named in src/ui/design/base.css's url(), which knip does not read.
    '@fontsource-variable/inter',
    // pino loads its transport by name (server/platform/logging.ts).
    'pino-pretty',
    // Run as `npx autocannon` in its own process (bench/support.ts).
    'autocannon',
  ],
  // scripts/ensure-browser.mjs installs Chromium from Debian when it is missing.
  ignoreBinaries: ['apt-get'],
};

export default config;
