import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: [
      'src/test/global-setup.ts',
      'src/test/log-scan-setup.ts',
      'src/test/imap-setup.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: two test files at a time, each on its own database.
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    // Files share their fork's loaded modules instead of each importing the app anew (half the
    // suite's CPU time went to that). Safe because nothing is kept per process: every file
    // starts its own app on its own database (test/test-app.ts), no file mocks a module, and
    // the module-level caches (the OpenAPI document, mail transports by URL) hold no test's data.
    isolate: false,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
