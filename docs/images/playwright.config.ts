import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

// `npm run screenshots`: the README's "What it looks like" images, taken from the production
// build with the demo data (the end-to-end suite's server), written next to this file.
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'readme-images.spec.ts',
  timeout: 90_000,
  webServer: {
    ...(base.webServer as object),
    cwd: path.join(import.meta.dirname, '../..'),
  } as typeof base.webServer,
});
