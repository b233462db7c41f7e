import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against a running gateway that serves the built SPA and the API: set E2E_BASE_URL
 * (e.g. http://127.0.0.1:8080). Chromium comes from Debian (`apt-get install -y chromium fonts-noto-cjk`);
 * Playwright's own browser download is not used. Set CHROMIUM_PATH to use another binary.
 */
const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) {
  throw new Error('missing: E2E_BASE_URL (the gateway serving the built app, e.g. http://127.0.0.1:8080)');
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/playwright',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    viewport: { width: 1280, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Playwright launches with a fresh temporary profile (user-data-dir) each time.
      args: [
        '--headless',
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
  projects: [{ name: 'chromium' }],
});
