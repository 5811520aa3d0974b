import { defineConfig } from '@playwright/test';

// E2E_PORT lets two checkouts on one machine run their journeys side by side.
const PORT = Number(process.env.E2E_PORT ?? 3197);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;
/** The server's data folder: tests read the verification emails from its outbox. */
export const E2E_DATA_DIR = '.e2e/data';

export default defineConfig({
  testDir: 'e2e',
  // Two journeys at a time against the one server: each journey registers its own people, so they
  // never share data, and the suite stays well inside CI's time on a 2-core machine.
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    // An action that cannot happen fails in seconds, naming its locator, rather than at the test's timeout.
    actionTimeout: 15_000,
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: no downloaded browsers. The flags keep it off the (closed) network.
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    // What `npm start` runs (the compiled server), on a fresh embedded database for every run.
    command: `rm -rf ${E2E_DATA_DIR} && node scripts/build-if-stale.mjs && exec node dist/server/main.js`,
    url: `${E2E_BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      DATABASE_URL: '',
      SMTP_URL: '',
      PUBLIC_URL: E2E_BASE_URL,
      LOG_LEVEL: 'warn',
      // The journeys register many people from one address.
      LIMIT_REGISTRATIONS_PER_HOUR: '1000',
      // The logged-out drawer offers 'Get the app' only when an app is configured.
      APP_URL: 'https://apps.example.org/tumbleweed',
      // The journeys' admins (appeals, flags, ads): each an admin once its email is verified.
      ADMIN_EMAILS: 'appeals-admin@example.com,flags-admin@example.com,ads-admin@example.com',
    },
  },
});
