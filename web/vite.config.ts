import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

// The API (actix-web) listens on 8080 and serves `dist/` in production with
// an SPA fallback; in development Vite proxies `/api` to it.
const API_ORIGIN = process.env.PIXMART_API_ORIGIN ?? 'http://127.0.0.1:8080';

/**
 * Where the app is mounted (e.g. `/pixmart/`), set at build time; the router
 * reads it back as `import.meta.env.BASE_URL`. Default `/`.
 */
export function basePath(raw: string | undefined = process.env.PIXMART_BASE_PATH): string {
  const trimmed = (raw ?? '').trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

export default defineConfig({
  base: basePath(),
  plugins: [react()],
  server: {
    proxy: { '/api': { target: API_ORIGIN, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: API_ORIGIN, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Two pages: the app (SPA, index.html) and the API reference
    // (api-reference/index.html → dist/api-reference/index.html), which share
    // dist/assets/.
    rolldownOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        apiReference: resolve(import.meta.dirname, 'api-reference/index.html'),
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
