import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { ADMIN } from './tests/e2e/admin-account';

/**
 * Browser tests of the shopper UI in Debian's Chromium (never a downloaded browser), against the
 * real store started on port 3100 with a fresh database per run. Workers inherit the data directory
 * from the runner's environment, so the whole run shares one server and one database.
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

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'mobile', use: { ...chromium, viewport: { width: 375, height: 800 }, hasTouch: true } },
    { name: 'desktop', use: { ...chromium, viewport: { width: 1280, height: 900 } } },
  ],
  webServer: {
    command: 'npx tsx scripts/start.ts',
    url: `http://127.0.0.1:${PORT}/api/getip`,
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      TRUST_PROXY: '1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
