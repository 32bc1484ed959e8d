/// <reference types="vitest/config" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { firstLoadChunkName } from './build/first-load-chunks';

const contractsEntry = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));
const srcDir = fileURLToPath(new URL('./src', import.meta.url));

/**
 * Only the vendor code every page needs gets a fixed chunk (long-lived in browser caches).
 * Everything else is left to the automatic splitter, which keeps Quill and the
 * antd components of the tracker and admin screens in their lazy chunks: a named group
 * would also swallow small shared helpers (clsx, react-is) and drag its whole chunk onto
 * the home page.
 */
const routesDir = path.join(srcDir, 'app/routes');

/** The public screens (docs/product.md#screens-and-routes), each a lazily loaded route module, and the tracker's layout. */
const publicScreens = [
  ...['home', 'about', 'roster', 'dynamic-page', 'not-found'].map((name) => ({ file: path.join(routesDir, `${name}.tsx`), area: 'content' as const })),
  ...['dashboard', 'leaderboard', 'players', 'record-match', 'match', 'compare', 'not-found'].map((name) => ({
    file: path.join(routesDir, 'tracker', `${name}.tsx`),
    area: 'tracker' as const,
  })),
  { file: path.join(srcDir, 'components/layouts/TrackerLayout.tsx'), area: 'tracker' as const, layout: true },
];

/** Modules the public screens share on first paint: a few chunks instead of one per module (build/first-load-chunks.ts). */
const firstLoadGroup = {
  name: firstLoadChunkName({
    srcDir,
    contractsEntry,
    entry: path.join(srcDir, 'main.tsx'),
    screens: publicScreens,
    // A shared profile link opens it on the Players screen's first load.
    lightOnDemand: [path.join(srcDir, 'features/players/components/PlayerProfileDialog.tsx')],
  }),
  includeDependenciesRecursively: false,
  priority: 20,
};

const vendorGroups = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 30 },
  { name: 'vendor-redux', test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|redux-thunk|use-sync-external-store)[\\/]/, priority: 30 },
];


/**
 * Writes a Brotli (quality 11) and a gzip (level 9) twin beside each script, style sheet and
 * SVG of the build. The server sends the twin the browser accepts as it is
 * (backend/src/http/precompressed-assets.ts), instead of compressing every response on the
 * fly at a fast setting, which came out larger than gzip.
 */
function precompress(): Plugin {
  let assetsDir = '';
  return {
    name: 'team-site-precompress',
    apply: 'build',
    configResolved(config) {
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    closeBundle() {
      if (!fs.existsSync(assetsDir)) return;
      for (const name of fs.readdirSync(assetsDir)) {
        if (!/\.(js|css|svg)$/.test(name)) continue;
        const file = path.join(assetsDir, name);
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        const brotli = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length };
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: brotli }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      '@team/contracts': contractsEntry,
      '@': srcDir,
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // One style sheet for the whole site (13 KiB as sent), loaded with the page: a lazy screen
    // then waits for no style sheet of its own. Over HTTP/1.1 the screens' 2–5 small sheets
    // queued on the six connections in the wave that the largest paint waits for (a shared
    // profile link: 91–96 with them, 95–97 without; docs/performance.md). The admin's sheets,
    // Quill's included, are scoped to their own classes.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [...vendorGroups, firstLoadGroup] },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    css: false,
    // A hang guard, not a speed: the slowest screens take about 10 s on a loaded 2-core machine
    // (the suites run side by side), and a test must not fail because the machine is busy.
    testTimeout: 60_000,
    // One suite per core. Vitest's default leaves a core to its main process, which here only
    // hands out files: on this 2-core machine the whole run took 347 s on one worker and 235 s
    // on two (2026-11-29), and every wait is generous (10 s, src/test/setup.ts).
    maxWorkers: '100%',
  },
});
