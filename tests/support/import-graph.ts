import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const SPECIFIERS = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  if (existsSync(base) && statSync(base).isFile()) return base;
  return EXTENSIONS.map((extension) => base + extension).find((candidate) => existsSync(candidate));
}

/** The repository's relative imports of a file: static, type-only and lazy `import()` alike. */
export function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(SPECIFIERS)]
    .map((match) => resolveImport(file, match[1]))
    .filter((found): found is string => found !== undefined);
}

/** A chain of imports from `file` that leads back to `file`, or undefined when there is none. */
export function importCircleThrough(file: string, root: string): string[] | undefined {
  const start = resolve(root, file);
  const seen = new Set<string>();
  const walk = (current: string, path: string[]): string[] | undefined => {
    for (const next of importsOf(current)) {
      if (next === start) return [...path, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...path, next]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(start, [start])?.map((step) => relative(root, step));
}
