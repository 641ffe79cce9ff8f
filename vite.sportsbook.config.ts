import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';

/**
 * The sportsbook frame: a second entry, served by the sportsbook service on its own origin. It imports no zod
 * (src/contract/sportsbook-rules.ts and types only) so its first paint stays within 100 KB of JS gzip.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./src/sportsbook', import.meta.url)),
  base: '/',
  plugins: [react(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist-sportsbook', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Every browser the frame supports (es2022) knows modulepreload; the polyfill was 0.5 KB of the first paint.
    modulePreload: { polyfill: false },
  },
  // `vite -c vite.sportsbook.config.ts` (or preview) in front of a running sportsbook service.
  server: {
    port: 5174,
    proxy: {
      '/api': `http://127.0.0.1:${process.env.SPORTSBOOK_PORT || 8100}`,
      '/ws': { target: `ws://127.0.0.1:${process.env.SPORTSBOOK_PORT || 8100}`, ws: true },
    },
  },
});
