import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default leaves one core idle: on the two cores of this machine and CI, every file ran one after
    // another (15 min); both cores take 10. Capped, since containers may report the host's cores.
    maxWorkers: Math.min(availableParallelism(), 4),
    projects: [
      {
        // The import boundaries and circles, read from the source files: no browser, no database.
        test: { name: 'architecture', environment: 'node', include: ['tests/architecture.test.ts'] },
      },
      {
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/client/setup.ts'],
          // As the server's: a worker keeps its modules and its window from file to file (about 1 CPU second a file);
          // the setup file gives each file a clean window. VITEST_SHARED_MODULES=false isolates them again.
          isolate: process.env.VITEST_SHARED_MODULES === 'false',
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/support/global-setup.ts'],
          // The cheapest password hash argon2 allows (docs/operations.md, Configuration): the suite hashes and checks
          // thousands of passwords, 12 ms or more each at the production cost. Processes the tests start inherit it.
          env: { ARGON2_MEMORY_KIB: '8', ARGON2_ITERATIONS: '1' },
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // A worker keeps the server's modules from file to file instead of loading them again: about 2 CPU seconds a
          // file (docs/benchmarks.md, "The test suite"). Every file makes its own databases and apps and closes them.
          // VITEST_SHARED_MODULES=false gives each file a fresh process, to rule out one file reaching into the next.
          isolate: process.env.VITEST_SHARED_MODULES === 'false',
        },
      },
    ],
  },
});
