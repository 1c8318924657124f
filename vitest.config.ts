import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'tests/api/**/*.test.ts',
      'tests/unit/**/*.test.ts',
    ],
    // `*.pg.test.ts` need a real PostgreSQL server: they run in the TEST_DB=postgres pass only.
    exclude: [
      'tests/e2e/**',
      'node_modules/**',
      ...(process.env.TEST_DB === 'postgres' ? [] : ['**/*.pg.test.ts']),
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are heavy (WASM); two workers fit two cores.
    maxWorkers: 2,
  },
});
