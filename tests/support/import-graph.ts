import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

const SOURCE = /\.(ts|tsx)$/;

/** The TypeScript files under `folders` of `root`, as paths relative to `root`. */
export function sourceFiles(root: string, folders: string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(resolve(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(path);
      return SOURCE.test(entry.name) ? [path] : [];
    });
  return folders.filter((folder) => existsSync(resolve(root, folder))).flatMap(walk);
}

/** Every file's relative imports, all paths relative to `root`: static, type-only and lazy alike. */
export function importGraph(root: string, files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => [file, importsOf(resolve(root, file)).map((target) => relative(root, target))] as const),
  );
}

/**
 * One circle (a chain of imports that ends where it starts) for every group of files that import each other,
 * found with Tarjan's strongly connected components; empty when the imports run one way.
 */
export function importCircles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    lowest.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowest.set(file, Math.min(lowest.get(file)!, lowest.get(next)!));
      } else if (onStack.has(next)) lowest.set(file, Math.min(lowest.get(file)!, index.get(next)!));
    }
    if (lowest.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) groups.push(group);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups.map((group) => circleWithin(graph, new Set(group)));
}

/** A shortest way back to the group's first file, through the group only. */
function circleWithin(graph: Map<string, string[]>, group: Set<string>): string[] {
  const [start] = [...group].sort();
  const cameFrom = new Map<string, string>();
  const queue = [start!];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return [...group];
}
