import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest)$/;

/**
 * Writes a .br and a .gz copy of every text file of the build, once, at build time: the server sends the one the
 * browser accepts (fastify-static's preCompressed), so a phone on a slow network downloads about a third.
 */
export function precompress(): Plugin {
  return {
    name: 'exsport:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir!;
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const source = readFileSync(join(dir, fileName));
        if (source.length < 1024) continue;
        writeFileSync(
          join(dir, `${fileName}.br`),
          brotliCompressSync(source, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
          }),
        );
        writeFileSync(join(dir, `${fileName}.gz`), gzipSync(source, { level: 9 }));
      }
    },
  };
}
