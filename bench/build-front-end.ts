import { spawnSync } from 'node:child_process';

/** One front-end built into `outDir` with its own Vite config (undefined: the host's); throws if the build fails. */
export function buildFrontEnd(configFile: string | undefined, outDir: string, logLevel = 'warn'): void {
  const build = spawnSync(
    'npx',
    [
      'vite',
      'build',
      ...(configFile ? ['-c', configFile] : []),
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      logLevel,
    ],
    { stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error(`the build of ${configFile ?? 'the host'} failed`);
}
