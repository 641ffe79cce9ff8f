/**
 * What `/` loads before any drawer opens: the page itself (which holds the app's stylesheet and its inline start), and
 * the entry script, its preloaded chunks and the stylesheets it names, in its tags or in the start's list
 * (scripts/first-screen.ts), gzipped. Budget: 120 KB (issue 26). And the sportsbook frame's first paint: its entry
 * script and preloaded chunks (JavaScript only), gzipped. Budget: 80 KB.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { buildFrontEnd } from './build-front-end';

const BUDGET_KB = 120;
const FRAME_BUDGET_KB = 80;

/** Builds with this config into a temporary folder and sums the gzip size of what its index.html loads. */
function initialLoad(configFile: string | undefined, pattern: RegExp, withPage: boolean): number {
  const outDir = join(tmpdir(), `bx-bench-dist-${process.pid}-${configFile ? 'frame' : 'app'}`);
  buildFrontEnd(configFile, outDir, 'error');
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const assets = [...html.matchAll(pattern)].map((match) => match[1]!);
  let total = 0;
  if (withPage) {
    total += gzipSync(html, { level: 9 }).length;
    console.log(`${'index.html (the page)'.padEnd(50)} ${(total / 1024).toFixed(1).padStart(7)} KB gzip`);
  }
  for (const asset of [...new Set(assets)]) {
    const size = gzipSync(readFileSync(join(outDir, asset)), { level: 9 }).length;
    total += size;
    console.log(`${asset.padEnd(50)} ${(size / 1024).toFixed(1).padStart(7)} KB gzip`);
  }
  rmSync(outDir, { recursive: true, force: true });
  return total / 1024;
}

export default async function run(): Promise<void> {
  const totalKb = initialLoad(undefined, /(?:src|href)(?:=|":)"(\/assets\/[^"]+\.(?:js|css))"/g, true);
  console.log(
    `initial load of /: ${totalKb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB) ${totalKb <= BUDGET_KB ? 'MET' : 'NOT MET'}`,
  );
  const frameKb = initialLoad('vite.sportsbook.config.ts', /(?:src|href)="(\/assets\/[^"]+\.js)"/g, false);
  console.log(
    `sportsbook frame initial JS: ${frameKb.toFixed(1)} KB gzip (budget ${FRAME_BUDGET_KB} KB) ${frameKb <= FRAME_BUDGET_KB ? 'MET' : 'NOT MET'}`,
  );
}
