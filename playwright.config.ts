import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { ADMIN } from './tests/e2e/admin-account';

/**
 * Browser tests of the UI in Debian's Chromium (never a downloaded browser), against the real store
 * started on port 3100 with a fresh database per run, and the back office's against a second one on
 * 3101. Workers inherit the data directory from the runner's environment, so each store is shared
 * by the whole run.
 */
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `dental-library-e2e-${Date.now()}`);
const PORT = 3100;

const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  },
};

const ADMIN_PORT = 3101;
const ADMIN_SPEC = '**/admin*.spec.ts';
/**
 * A phone says it is one, as Chrome on a phone does: its user agent's `Mobi`, and `Sec-CH-UA-Mobile: ?1`
 * (`isMobile`), which the server reads first. So the server renders its pages for a phone, as for a
 * shopper's (issue 22). With a phone's user agent alone, Chromium still said `?0`: each page came
 * drawn for a desktop, and the app redrew it while the test was already typing into it.
 */
const PHONE_USER_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';
const MOBILE = { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true, userAgent: PHONE_USER_AGENT };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/**
 * The store as `npm start` runs it (the compiled server, built first if stale), on its own port and
 * data directory, with the e2e admin. Both may build at once; the build lands by an atomic rename.
 */
const store = (port: number, dataDir: string) => ({
  command: 'node scripts/launch.js',
  url: `http://127.0.0.1:${port}/api/getip`,
  env: {
    PORT: String(port),
    DATA_DIR: dataDir,
    TRUST_PROXY: '1',
    // Every test browses from 127.0.0.1, two workers at once: raised above the per-address
    // request limit (tests/http/address-limits.test.ts holds the store to the default).
    RATE_LIMIT_REQUESTS: '100000/10s',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  },
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A test's whole run, its axe checks included (two to three seconds each on a phone's page here):
  // the longest journeys (sign up, out and in twice, five checks) took 25 to 32 s on this machine.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // The back office's tests change the catalogue (products added and deleted, every EGP price
  // repriced), so they run against a store of their own, and the shopper tests keep the demo catalogue.
  // Each project's shoppers come from an address of their own (TRUST_PROXY=1), as two campuses
  // would: the core's limits (core/shared/limits.ts, sign-ups per address among them) hold as in production.
  projects: [
    { name: 'mobile', testIgnore: ADMIN_SPEC, use: { ...chromium, ...MOBILE, extraHTTPHeaders: { 'X-Forwarded-For': '10.0.1.1' } } },
    { name: 'desktop', testIgnore: ADMIN_SPEC, use: { ...chromium, ...DESKTOP, extraHTTPHeaders: { 'X-Forwarded-For': '10.0.2.1' } } },
    { name: 'mobile-admin', testMatch: ADMIN_SPEC, use: { ...chromium, ...MOBILE, baseURL: `http://127.0.0.1:${ADMIN_PORT}` } },
    { name: 'desktop-admin', testMatch: ADMIN_SPEC, use: { ...chromium, ...DESKTOP, baseURL: `http://127.0.0.1:${ADMIN_PORT}` } },
  ],
  webServer: [store(PORT, process.env.E2E_DATA_DIR!), store(ADMIN_PORT, `${process.env.E2E_DATA_DIR}-admin`)],
});
