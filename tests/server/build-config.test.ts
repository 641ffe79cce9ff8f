import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createLogger, loadConfigFromFile, resolveConfig, type Logger } from 'vite';

const ROOT = resolve(__dirname, '../..');
const outDirs: string[] = [];
afterEach(() => {
  for (const dir of outDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A logger that keeps the warnings Vite gives while it loads a config file. */
function recordingLogger(): { logger: Logger; warnings: string[] } {
  const warnings: string[] = [];
  const logger = createLogger('warn', { allowClearScreen: false });
  logger.warn = (message) => void warnings.push(message);
  logger.warnOnce = (message) => void warnings.push(message);
  return { logger, warnings };
}

/** What a build step writes to stderr and console.warn (the bundler prints its deprecations there, not to Vite's logger). */
async function warningsWhile(work: () => Promise<void>): Promise<string[]> {
  const warnings: string[] = [];
  const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (warnings.push(String(chunk)), true));
  const warn = vi.spyOn(console, 'warn').mockImplementation((...parts) => void warnings.push(parts.join(' ')));
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    await work();
  } finally {
    write.mockRestore();
    warn.mockRestore();
    log.mockRestore();
  }
  return warnings;
}

describe('the build configs', () => {
  it.each(['vite.config.ts', 'vite.sportsbook.config.ts'])(
    '%s loads without a warning (it runs under the native config loader too)',
    async (file) => {
      const { logger, warnings } = recordingLogger();
      const loaded = await loadConfigFromFile(
        { command: 'build', mode: 'production' },
        resolve(ROOT, file),
        ROOT,
        'warn',
        logger,
      );
      expect(loaded?.config).toBeDefined();
      expect(warnings).toEqual([]);
    },
  );

  it('builds the service worker without a deprecation warning, as the classic script Workbox registers', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'sw-build-'));
    outDirs.push(outDir);
    const config = await resolveConfig(
      { configFile: resolve(ROOT, 'vite.config.ts'), root: ROOT, logLevel: 'silent', build: { outDir } },
      'build',
      'production',
      'production',
    );
    const pwa = config.plugins.find((plugin) => plugin.name === 'vite-plugin-pwa') as
      { api?: { generateSW(): Promise<void> } } | undefined;
    const warnings = await warningsWhile(() => pwa!.api!.generateSW());
    expect(warnings).toEqual([]);
    const worker = readFileSync(join(outDir, 'sw.js'), 'utf8');
    expect(worker).not.toMatch(/^\s*(import|export)\s/m);
  });
});
