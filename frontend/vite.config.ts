/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contractsEntry = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));
const srcDir = fileURLToPath(new URL('./src', import.meta.url));

/**
 * Only the vendor code every page needs gets a fixed chunk (long-lived in browser caches).
 * Everything else is left to the automatic splitter, which keeps recharts, Quill and the
 * antd components of the tracker and admin screens in their lazy chunks: a named group
 * would also swallow small shared helpers (clsx, react-is) and drag its whole chunk onto
 * the home page.
 */
const vendorGroups = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 30 },
  { name: 'vendor-redux', test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|redux-thunk|use-sync-external-store)[\\/]/, priority: 30 },
];

export default defineConfig({
  plugins: [react()],
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
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 20_000,
  },
});
