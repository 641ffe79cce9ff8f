import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { importCircles, importGraph, sourceFiles } from './support/import-graph';

const ROOT = resolve(__dirname, '..');

/** Who may import what across the tree's boundaries (docs/architecture: the platform, the services, the contract). */
interface Boundary {
  rule: string;
  /** The importing files it governs. */
  governs: (file: string) => boolean;
  /** Whether an import of `target` from `file` is allowed. */
  allows: (target: string, file: string) => boolean;
}

const under = (folder: string) => (path: string) => path.startsWith(`${folder}/`);
const SERVICES = ['server/sportsbook', 'server/exchange'];
const serviceOf = (path: string) => SERVICES.find((service) => under(service)(path));
const isPam = (path: string) =>
  ['server/modules', 'server/db', 'server/providers', 'server/plugins'].some((folder) => under(folder)(path)) ||
  ['server/app.ts', 'server/services.ts', 'server/config.ts'].includes(path);

const BOUNDARIES: Boundary[] = [
  {
    rule: 'the server imports from src/ only the contract',
    governs: under('server'),
    allows: (target) => !under('src')(target) || under('src/contract')(target),
  },
  {
    rule: 'a service imports only its own folder, the platform and the contract',
    governs: (file) => serviceOf(file) !== undefined,
    allows: (target, file) =>
      !under('server')(target) || under(serviceOf(file)!)(target) || under('server/platform')(target),
  },
  {
    rule: 'the platform imports only itself and the contract: no service, no PAM module',
    governs: under('server/platform'),
    allows: (target) => under('server/platform')(target) || under('src/contract')(target),
  },
  {
    rule: 'the PAM never imports a service',
    governs: isPam,
    allows: (target) => serviceOf(target) === undefined,
  },
  {
    rule: 'the contract imports only the contract',
    governs: under('src/contract'),
    allows: (target) => under('src/contract')(target),
  },
];

/** Every import that crosses a boundary the wrong way, as `rule: file -> target`. */
function boundaryViolations(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([file, targets]) =>
    BOUNDARIES.filter((boundary) => boundary.governs(file)).flatMap((boundary) =>
      targets
        .filter((target) => !boundary.allows(target, file))
        .map((target) => `${boundary.rule}: ${file} -> ${target}`),
    ),
  );
}

describe('the architecture', () => {
  const graph = importGraph(ROOT, sourceFiles(ROOT, ['src', 'server', 'sw']));

  it('has no import circle in src, server or sw (type-only and lazy imports count)', () => {
    expect(importCircles(graph).map((circle) => circle.join(' -> '))).toEqual([]);
  });

  it('keeps every import inside its boundaries', () => {
    expect(boundaryViolations(graph)).toEqual([]);
  });

  it('reads the whole tree (the graph is not empty by mistake)', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('server/sportsbook/start.ts')).toContain('server/platform/listen-service.ts');
  });
});

describe('the architecture checks can fail', () => {
  const edges = (...pairs: Array<[string, string]>) => new Map(pairs.map(([file, target]) => [file, [target]]));

  it('finds a circle, and a file that imports itself', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['d.ts']],
      ['e.ts', ['a.ts']],
    ]);
    expect(importCircles(graph)).toEqual([
      ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
      ['d.ts', 'd.ts'],
    ]);
  });

  it.each([
    ['the server imports from src/ only the contract', 'server/modules/bets/service.ts', 'src/lib/device.ts'],
    [
      'a service imports only its own folder, the platform and the contract',
      'server/sportsbook/app.ts',
      'server/modules/auth/session-guard.ts',
    ],
    [
      'a service imports only its own folder, the platform and the contract',
      'server/exchange/app.ts',
      'server/sportsbook/bets/slip.ts',
    ],
    [
      'the platform imports only itself and the contract: no service, no PAM module',
      'server/platform/errors.ts',
      'server/modules/users/tables.ts',
    ],
    ['the PAM never imports a service', 'server/services.ts', 'server/exchange/orders.ts'],
    ['the PAM never imports a service', 'server/db/schema.ts', 'server/sportsbook/db/schema.ts'],
    ['the contract imports only the contract', 'src/contract/bets.ts', 'src/lib/dates.ts'],
  ])('refuses %s (%s -> %s)', (rule, file, target) => {
    expect(boundaryViolations(edges([file, target]))).toEqual([`${rule}: ${file} -> ${target}`]);
  });

  it('lets the composition root wire every service, and a service use the platform and the contract', () => {
    expect(
      boundaryViolations(
        new Map([
          ['server/main.ts', ['server/sportsbook/start.ts', 'server/modules/live/bus.ts']],
          ['server/sportsbook/start.ts', ['server/platform/operator/socket.ts', 'src/contract/sportsbook.ts']],
          ['server/modules/games/routes.ts', ['server/platform/http/parse.ts', 'src/contract/games.ts']],
        ]),
      ),
    ).toEqual([]);
  });
});
