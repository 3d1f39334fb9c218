import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium';

const port = Number(process.env.E2E_PORT ?? 3217);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  // Two workers, each with a browser, the app and PostgreSQL, share two cores: a screen that takes
  // a second alone can take several here, so the limits leave room for that. Speed is measured by
  // npm run bench, not here.
  // A CI host three times slower than this one took 47 minutes for the suite.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  // On CI a test that failed runs once more and is reported as flaky when it then passes; one that
  // fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace for every test (screencast frames and DOM snapshots) cost about a third of the
    // tier's time; a test that fails on CI is run again with a trace (retries: 1). Locally: --trace on.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS },
    // The cookie banner is answered already, so it covers nothing; its own tests start without this
    // (tests/e2e/public-pages.spec.ts).
    storageState: {
      cookies: [],
      origins: [
        {
          origin: `http://127.0.0.1:${port}`,
          localStorage: [
            { name: 'cookieConsent', value: 'accepted' },
            { name: 'cookieConsentDate', value: '2026-01-01T00:00:00.000Z' },
          ],
        },
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /ordering-switches\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    {
      // Switches the whole restaurant closed and ordering off: alone, after everything else, so no other
      // test's customer order meets them.
      name: 'restaurant-switches',
      testMatch: /ordering-switches\.spec\.ts$/,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
});
