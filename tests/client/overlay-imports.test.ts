import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { importCircleThrough } from '../support/import-graph';

const ROOT = resolve(__dirname, '../..');

describe('overlay imports run one way', () => {
  it('no overlay, store or screen imports the registry back (types and lazy imports count)', () => {
    expect(importCircleThrough('src/overlays/registry.ts', ROOT)).toBeUndefined();
  });

  it('the overlay types import nothing of the app', () => {
    expect(importCircleThrough('src/overlays/types.ts', ROOT)).toBeUndefined();
  });

  it('finds a circle through type-only and lazy imports (the walker itself can fail)', () => {
    const root = mkdtempSync(join(tmpdir(), 'import-graph-'));
    writeFileSync(join(root, 'registry.ts'), "export const load = () => import('./drawer');\n");
    writeFileSync(join(root, 'drawer.tsx'), "import type { Props } from './registry';\n");
    expect(importCircleThrough('registry.ts', root)).toEqual(['registry.ts', 'drawer.tsx', 'registry.ts']);
    rmSync(root, { recursive: true });
  });
});
