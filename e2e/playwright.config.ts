import { defineConfig } from '@playwright/test';

/** End-to-end tests in Debian's Chromium against a server started on a free port with a temporary ASKDB_HOME. */
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  globalSetup: './global-setup.ts',
  use: {
    baseURL: process.env.ASKDB_E2E_URL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
    viewport: { width: 1440, height: 900 },
    trace: 'off',
    // The app registers a service worker (PWA offline shell); page.route() cannot see requests a worker handles.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  outputDir: '../test-results',
});
