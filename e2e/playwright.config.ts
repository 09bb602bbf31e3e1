import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, WORKERS } from './support/stack.js';

/**
 * Browser: CHROMIUM_PATH, else Debian's /usr/bin/chromium (our machines and .ci/run, which
 * installs it), else Playwright's own Chromium (GitHub Actions runs `playwright install`).
 */
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results/output',
  globalSetup: './support/global-setup.ts',
  // Each worker on a stack of its own (support/stack.ts); a spec file's scenarios stay in order
  // on one worker.
  workers: WORKERS,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: 'test-results/playwright.json' }],
    ['html', { outputFolder: 'test-results/html', open: 'never' }],
  ],
  use: {
    // This worker's stack (the config is read again in each worker).
    baseURL: BASE_URL,
    locale: 'es-ES',
    timezoneId: 'UTC',
    // A failed scenario keeps its trace (each action's DOM, the network, the console) without
    // the screencast: recording a film strip of every scenario, passing ones too, was about a
    // tenth of the suite's CPU. The failure's own screenshot is kept below.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      // Without the background-networking flags Chromium keeps dialling Google's hosts, which
      // our closed network refuses.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 820 } },
    },
  ],
});
