/**
 * `npm run audit:lighthouse`: Lighthouse on Debian's Chromium against what `npm start` serves (the three front-ends
 * built afresh, the server with its sportsbook and exchange running, the demo seeded), with mobile emulation, cold
 * and then with the service worker warm (same browser profile). Then the first price inside the sportsbook frame:
 * its user-timing mark (src/sportsbook/app/firstPrice.ts) from the page's navigation start, on a cold load under the
 * same slow 4G and 4x CPU, applied for real; again with the frame kept in the page's process, throttled with it; and
 * again at the CPU slowdown that makes this machine the phone 4x makes of a high-end desktop (phoneSlowdown).
 * Never part of `npm test`. Targets (issue 26): cold performance >= 95, LCP <= 1.5 s, CLS <= 0.02, TBT <= 150 ms;
 * warm performance 100, LCP <= 0.5 s; first price <= 2.0 s cold; accessibility and best practices >= 95. BENCH_PORT
 * picks the first of five ports (else free ones).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { buildFrontEnd } from './build-front-end';
import { chromium, type Browser } from '@playwright/test';
import { FIRST_PRICE_MARK } from '../src/sportsbook/app/firstPrice';

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
  /** Lighthouse's code when it could not measure the run at all; the figures are then empty. */
  runtimeError?: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failedAudits: string[];
  /** What moved, for a CLS worth reading. */
  shifts: string[];
  /** Lighthouse's measure of this machine's CPU (docs/benchmarks.md: a 4x slowdown assumes 1,500 to 2,000). */
  benchmarkIndex: number;
}

interface Targets {
  performance: number;
  lcpMs: number;
  cls?: number;
  tbtMs?: number;
}
const COLD: Targets = { performance: 95, lcpMs: 1500, cls: 0.02, tbtMs: 150 };
const WARM: Targets = { performance: 100, lcpMs: 500 };
const FIRST_PRICE_MS = 2000;

/**
 * Lighthouse's 4x slowdown takes a high-end desktop (benchmark index 1,500 to 2,000) to a mid-tier phone; a machine
 * outside that bracket reaches the same phone with its own slowdown (Lighthouse's docs/throttling.md, "Calibrating the
 * CPU slowdown"). The middle of the bracket at 4x is the phone.
 */
const PHONE_BENCHMARK_INDEX = 1750 / 4;
const phoneSlowdown = (benchmarkIndex: number) =>
  Math.max(1, Math.round((benchmarkIndex / PHONE_BENCHMARK_INDEX) * 10) / 10);

/** Runs Lighthouse again, up to twice, when it could not record a run (NO_NAVSTART: the trace lost its start). */
async function audit(url: string, port: number, keepStorage: boolean): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    const figures = await auditOnce(url, port, keepStorage);
    if (!figures.runtimeError || attempt === 3) return figures;
    console.log(`${''.padEnd(22)} Lighthouse recorded no run (${figures.runtimeError}); running it again`);
  }
}

async function auditOnce(url: string, port: number, keepStorage: boolean): Promise<Figures> {
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
  // BENCH_LIGHTHOUSE_REPORTS=<folder> keeps each run's whole report, to read its long tasks and main-thread work.
  const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    const at = Date.now();
    writeFileSync(join(reports, `lighthouse-${at}.json`), JSON.stringify(result.lhr));
    const trace = (result.artifacts as { Trace?: unknown }).Trace;
    if (trace) writeFileSync(join(reports, `trace-${at}.json`), JSON.stringify(trace));
  }
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
    runtimeError: result.lhr.runtimeError?.code,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    failedAudits,
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
    shifts: (
      (audits['layout-shifts']?.details as { items?: Array<{ node?: { selector?: string }; score?: number }> })
        ?.items ?? []
    ).map((item) => `${item.node?.selector ?? '?'} ${item.score?.toFixed(3) ?? ''}`),
  };
}

function report(label: string, figures: Figures, targets: Targets): boolean {
  const ok =
    figures.performance >= targets.performance &&
    figures.accessibility >= 95 &&
    figures.bestPractices >= 95 &&
    figures.lcpMs <= targets.lcpMs &&
    (targets.cls === undefined || figures.cls <= targets.cls) &&
    (targets.tbtMs === undefined || figures.tbtMs <= targets.tbtMs);
  console.log(
    `${label.padEnd(22)} performance ${figures.performance}  accessibility ${figures.accessibility}  best practices ${figures.bestPractices}  ` +
      `LCP ${(figures.lcpMs / 1000).toFixed(2)} s  TBT ${Math.round(figures.tbtMs)} ms  CLS ${figures.cls.toFixed(3)}  (machine's benchmark index ${Math.round(figures.benchmarkIndex)})  ${ok ? 'meets the targets' : 'MISSES a target'}`,
  );
  if (figures.failedAudits.length) console.log(`${''.padEnd(22)} audits below 0.9: ${figures.failedAudits.join(', ')}`);
  if (figures.shifts.length) console.log(`${''.padEnd(22)} layout shifts: ${figures.shifts.join(', ')}`);
  return ok;
}

/**
 * Flags that keep a same-site frame in its page's process, as a phone without full site isolation does. This
 * Chromium gives each origin a process, and the page's throttling (DevTools' network and CPU) then never reaches the
 * frame's own requests and script: the first figure measures the host throttled and the frame not.
 */
const FRAME_IN_PAGE_PROCESS = [
  '--disable-site-isolation-trials',
  '--disable-features=IsolateOrigins,site-per-process,OriginKeyedProcessesByDefault',
];

/**
 * A cold load in a fresh incognito context, throttled for real (Lighthouse's slow 4G and this CPU slowdown), and the
 * time from the page's navigation start to the frame's first-price mark.
 */
async function firstPriceMs(url: string, browser: Browser, cpuSlowdown: number): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const pageOrigin = await page.evaluate(() => performance.timeOrigin);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      for (const frame of page.frames()) {
        if (frame === page.mainFrame()) continue;
        const markedAt = await frame
          .evaluate((name) => {
            const mark = performance.getEntriesByName(name)[0];
            return mark ? performance.timeOrigin + mark.startTime : null;
          }, FIRST_PRICE_MARK)
          .catch(() => null);
        if (markedAt !== null) return markedAt - pageOrigin;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('no price was painted in the frame within a minute');
  } finally {
    await context.close();
    await browser.close();
  }
}

const work = mkdtempSync(join(tmpdir(), 'bx-lighthouse-'));
const clientDir = join(work, 'dist');
const sportsbookDir = join(work, 'dist-sportsbook');
const exchangeDir = join(work, 'dist-exchange');
let server: ChildProcess | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  console.log('Building the three front-ends as npm start does...');
  buildFrontEnd(undefined, clientDir);
  buildFrontEnd('vite.sportsbook.config.ts', sportsbookDir);
  buildFrontEnd('vite.exchange.config.ts', exchangeDir);

  const base = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
  const [port, providersPort, sportsbookPort, exchangePort] = base
    ? [base, base + 1, base + 2, base + 3]
    : [await freePort(), await freePort(), await freePort(), await freePort()];
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
      SPORTSBOOK_CLIENT_DIR: sportsbookDir,
      EXCHANGE_CLIENT_DIR: exchangeDir,
      PUBLIC_URL: origin,
      SPORTSBOOK_PORT: String(sportsbookPort),
      SPORTSBOOK_URL: `http://localhost:${sportsbookPort}`,
      EXCHANGE_PORT: String(exchangePort),
      EXCHANGE_URL: `http://localhost:${exchangePort}`,
      LOG_LEVEL: 'warn',
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
  const coldFigures = await audit(`${origin}/`, chrome.port, false);
  const cold = report('cold', coldFigures, COLD);
  // The cold run installed the worker; one unreported load lets it finish precaching and take control.
  await audit(`${origin}/`, chrome.port, true);
  const warmFigures = await audit(`${origin}/`, chrome.port, true);
  const warm = report('service worker warm', warmFigures, WARM);
  const lighthouseBrowser = () => chromium.connectOverCDP(`http://127.0.0.1:${chrome!.port}`);
  const priceMs = await firstPriceMs(`${origin}/`, await lighthouseBrowser(), 4);
  const priceOk = priceMs <= FIRST_PRICE_MS;
  console.log(
    `${'first price in frame'.padEnd(22)} ${(priceMs / 1000).toFixed(2)} s from navigation start, cold, slow 4G and 4x CPU applied  ` +
      `${priceOk ? 'meets the target' : 'MISSES the target'} (${FIRST_PRICE_MS / 1000} s)`,
  );
  const sharedMs = await firstPriceMs(
    `${origin}/`,
    await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', ...FRAME_IN_PAGE_PROCESS],
    }),
    4,
  );
  console.log(
    `${'  frame in the page'.padEnd(22)} ${(sharedMs / 1000).toFixed(2)} s, the frame in the page's process and throttled with it (a phone without site isolation; not the target's measure)`,
  );
  // The same phone on any machine: 4x is that phone only on a machine in the high-end desktop bracket.
  const indexes = [coldFigures.benchmarkIndex, warmFigures.benchmarkIndex].filter((index) => index > 0);
  const machineIndex = indexes.length ? indexes.reduce((sum, index) => sum + index, 0) / indexes.length : 1750;
  const slowdown = phoneSlowdown(machineIndex);
  const phoneMs = await firstPriceMs(`${origin}/`, await lighthouseBrowser(), slowdown);
  console.log(
    `${'  calibrated'.padEnd(22)} ${(phoneMs / 1000).toFixed(2)} s at ${slowdown}x CPU, the slowdown that takes this machine (benchmark index ${Math.round(machineIndex)}) to the phone 4x makes of a high-end desktop`,
  );
  process.exitCode = cold && warm && priceOk ? 0 : 1;
} finally {
  chrome?.kill();
  server?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  rmSync(work, { recursive: true, force: true });
}
