import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { zodWithoutJsonSchema } from './scripts/zod-without-json-schema';

// Dev: `pnpm --filter @crm/web dev` serves on 5173 and proxies /api to the API on 4000.
const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:4000';

export default defineConfig({
  // zodWithoutJsonSchema: zod's JSON Schema generator out of the build (issue 34, see the file).
  plugins: [zodWithoutJsonSchema(), react(), tailwindcss()],
  server: { port: 5173, proxy: { '/api': apiTarget } },
  resolve: {
    // react-toastify's build without the stylesheet it injects from JavaScript (about 3 kB
    // gzipped off every signed-in page, issue 34): the same stylesheet comes as CSS, first in
    // src/index.css, where the injected one sat (first in <head>). Everywhere (build, dev,
    // tests), so the app's `toast` and the notices' container are one module.
    alias: [{ find: /^react-toastify$/, replacement: 'react-toastify/unstyled' }],
  },
  build: {
    // No source maps in the build: whatever serves dist/ (the API, nginx) would publish the
    // app's full source. To debug a production bundle locally: `vite build --sourcemap`.
    sourcemap: false,
    // dist/.vite/manifest.json: what each page loads, read by scripts/check-budgets.mjs, which
    // the `build` script runs after this to hold each page to its JavaScript budget.
    manifest: true,
    rollupOptions: {
      // The staff app, and /form: the public contact form (issue 13), a page of its own without
      // React. (public/embed.js frames /form into other sites; it is copied as written.)
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        form: fileURLToPath(new URL('form.html', import.meta.url)),
      },
      onwarn(warning, warn) {
        // zod ships comments Rollup can't place; they are dropped harmlessly.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    testTimeout: 15_000,
    // Both cores (Vitest's default on two is one fork): in `npm test` this suite is the longest
    // task, and once the lint, type and build tasks beside it end, a second fork halves its tail.
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
