import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress.ts';
import { preloadLazyChunk } from './scripts/preload-lazy-chunk.ts';
import { firstScreen } from './scripts/first-screen.ts';

export default defineConfig({
  resolve: {
    // Every schema in the app is made with zod configured not to probe for eval (forbidden by our CSP).
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/contract/zod-jitless.ts', import.meta.url)) }],
  },
  plugins: [
    react(),
    precompress(),
    // `/`'s sportsbook frame: downloaded with the first script, run after the first render.
    preloadLazyChunk('src/features/sportsbook/SportsbookFrame.tsx'),
    // After it: the first screen paints from the page, and the app and its preloads start once it has.
    firstScreen(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'ExSport: betting exchange and sportsbook',
        short_name: 'ExSport',
        description:
          'UK betting exchange and sportsbook: deposits, withdrawals, safer-gambling tools and rules, also offline.',
        lang: 'en-GB',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0b6e4f',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // Workbox registers /sw.js as a classic worker, so it is built as one script (iife), not an ES module.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest,woff2}'],
      },
    }),
  ],
  server: {
    proxy: {
      '/auth': 'http://127.0.0.1:8080',
      '/user': 'http://127.0.0.1:8080',
      '/balance': 'http://127.0.0.1:8080',
      '/card': 'http://127.0.0.1:8080',
      '/deposit_form': 'http://127.0.0.1:8080',
      '/deposit_js': 'http://127.0.0.1:8080',
      '/withdraw': 'http://127.0.0.1:8080',
      '/payments': 'http://127.0.0.1:8080',
      '/transactions': 'http://127.0.0.1:8080',
      '/api': 'http://127.0.0.1:8080',
      '/games': 'http://127.0.0.1:8080',
      '/wws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // As in the frame (vite.sportsbook.config.ts): every es2022 browser knows modulepreload, and the polyfill's scan of
    // the page ran in the first script's evaluation.
    modulePreload: { polyfill: false },
  },
});
