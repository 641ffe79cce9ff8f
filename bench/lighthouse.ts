/**
 * `npx tsx bench/lighthouse.ts`: Lighthouse on Debian's Chromium against the production build served by the real
 * server, with mobile emulation, cold and then with the service worker warm (same browser profile).
 * Never part of `npm test`. Targets: accessibility and best practices >= 95, performance >= 90, LCP < 2.5 s.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForServer(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer at ${url}`);
}

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failedAudits: string[];
}

async function audit(url: string, port: number, keepStorage: boolean): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    formFactor: 'mobile',
    // Lighthouse clears the origin's storage (and so the service worker) before a run unless told not to.
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error('Lighthouse gave no result');
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const failedAudits = Object.values(categories)
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => audits[ref.id]!))
    .filter((entry) => entry.score !== null && entry.score < 0.9)
    .map((entry) => {
      // Which issues the browser logged is the useful part of this audit.
      const items =
        (entry.details as { items?: Array<{ issueType?: string; subItems?: { items?: unknown[] } }> } | undefined)
          ?.items ?? [];
      const detail =
        entry.id === 'inspector-issues' && items.length
          ? `: ${JSON.stringify(items.map((item) => [item.issueType, item.subItems?.items]))}`
          : '';
      return `${entry.id} (${entry.displayValue ?? entry.score})${detail}`;
    });
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    failedAudits,
  };
}

function report(label: string, figures: Figures): boolean {
  const ok =
    figures.performance >= 90 && figures.accessibility >= 95 && figures.bestPractices >= 95 && figures.lcpMs < 2500;
  console.log(
    `${label.padEnd(22)} performance ${figures.performance}  accessibility ${figures.accessibility}  best practices ${figures.bestPractices}  ` +
      `LCP ${(figures.lcpMs / 1000).toFixed(2)} s  TBT ${Math.round(figures.tbtMs)} ms  CLS ${figures.cls.toFixed(3)}  ${ok ? 'meets the targets' : 'MISSES a target'}`,
  );
  if (figures.failedAudits.length) console.log(`${''.padEnd(22)} audits below 0.9: ${figures.failedAudits.join(', ')}`);
  return ok;
}

const work = mkdtempSync(join(tmpdir(), 'bx-lighthouse-'));
const clientDir = join(work, 'dist');
let server: ChildProcess | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  console.log('Building the production PWA...');
  const build = spawnSync('npx', ['vite', 'build', '--outDir', clientDir, '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the build failed');

  const [port, providersPort] = [await freePort(), await freePort()];
  const origin = `http://localhost:${port}`;
  // node itself (not npx) so that killing it stops the server and nothing is left holding the terminal.
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      PROVIDERS_PORT: String(providersPort),
      DATA_DIR: join(work, 'data'),
      CLIENT_DIR: clientDir,
      PUBLIC_URL: origin,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  });
  await waitForServer(`${origin}/`, server);

  mkdirSync(join(work, 'profile'));
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    userDataDir: join(work, 'profile'),
  });
  console.log(`Lighthouse ${origin}/ on mobile emulation (simulated slow 4G, 4x CPU slowdown)`);
  const cold = report('cold', await audit(`${origin}/`, chrome.port, false));
  // The cold run installed the worker; one unreported load lets it finish precaching and take control.
  await audit(`${origin}/`, chrome.port, true);
  const warm = report('service worker warm', await audit(`${origin}/`, chrome.port, true));
  process.exitCode = cold && warm ? 0 : 1;
} finally {
  chrome?.kill();
  server?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  rmSync(work, { recursive: true, force: true });
}
