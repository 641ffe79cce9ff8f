import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';

/**
 * The exchange frame: a third entry, served by the exchange service on its own origin. Like the sportsbook's it
 * imports no zod (src/contract/exchange-ladder.ts, exchange-rules.ts and types only).
 */
export default defineConfig({
  root: fileURLToPath(new URL('./src/exchange', import.meta.url)),
  base: '/',
  plugins: [react(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist-exchange', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  // `vite -c vite.exchange.config.ts` in front of a running exchange service.
  server: {
    port: 5175,
    proxy: {
      '/api': `http://127.0.0.1:${process.env.EXCHANGE_PORT || 8200}`,
      '/ws': { target: `ws://127.0.0.1:${process.env.EXCHANGE_PORT || 8200}`, ws: true },
    },
  },
});
