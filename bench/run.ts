/**
 * `npm run bench`: every bench/*.bench.ts in turn (or the ones named: `npm run bench -- api bundle`).
 * Never part of `npm test`; each benchmark bounds its own time and touches only 127.0.0.1.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  // A name also runs its parts in files of their own (`exchange` runs exchange-crash.bench.ts too).
  .filter(
    (file) => wanted.length === 0 || wanted.some((name) => file === `${name}.bench.ts` || file.startsWith(`${name}-`)),
  )
  .sort();

let failed = false;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  try {
    const module = (await import(pathToFileURL(join(here, file)).href)) as { default: () => Promise<void> };
    await module.default();
  } catch (error) {
    failed = true;
    console.error(`${file} failed:`, error);
  }
}
process.exit(failed ? 1 : 0);
