import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './tests/e2e/chromium';

const port = Number(process.env.E2E_PORT ?? 3100);
/** Deterministic (every worker loads this file): the suite reads mail from this outbox. */
export const e2eDataDir = path.join(os.tmpdir(), `storefront-e2e-${port}`);
process.env.E2E_DATA_DIR = e2eDataDir;
process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: path.join(os.tmpdir(), `storefront-e2e-results-${port}`),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: findChromium(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'mobile', use: { ...devices['Pixel 7'], browserName: 'chromium' } },
  ],
  webServer: {
    // What `npm start` runs (the production builds, built if stale), a fresh embedded database, the
    // demo seed and the mail outbox.
    command: `rm -rf ${e2eDataDir} && node src/server/http/boot/production.js`,
    url: `http://127.0.0.1:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: e2eDataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'admin-pass-123',
      // Every test sends its own X-Forwarded-For (tests/e2e/support.ts): per-IP limits per test.
      TRUST_PROXY: 'true',
      // Pages opened without a per-test address all count as one client driving the whole suite
      // at machine speed; the limit itself is proven in tests/api/security/render-limits.test.ts.
      RENDER_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
