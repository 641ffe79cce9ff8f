/**
 * What `/` loads before any drawer opens: the entry script, its preloaded chunks and the stylesheets named
 * by the built index.html, gzipped. Budget: 150 KB.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';

const BUDGET_KB = 150;

export default async function run(): Promise<void> {
  const outDir = join(tmpdir(), `bx-bench-dist-${process.pid}`);
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], { stdio: 'inherit' });
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  let total = 0;
  for (const asset of [...new Set(assets)]) {
    const size = gzipSync(readFileSync(join(outDir, asset)), { level: 9 }).length;
    total += size;
    console.log(`${asset.padEnd(50)} ${(size / 1024).toFixed(1).padStart(7)} KB gzip`);
  }
  rmSync(outDir, { recursive: true, force: true });
  const totalKb = total / 1024;
  console.log(`initial load of /: ${totalKb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB) ${totalKb <= BUDGET_KB ? 'MET' : 'NOT MET'}`);
}
