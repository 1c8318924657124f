import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'tests/api/**/*.test.ts',
      'tests/unit/**/*.test.ts',
      'vite/**/*.test.ts',
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
    // Test files share their worker's modules instead of importing the app afresh each (~5 s a
    // file, more than most files' tests) and building the migrated database again: the suite
    // takes under half the CPU time. A file must therefore leave no global state behind: it
    // closes what it opens, restores what it stubs, and a global it needs (tests/helpers/
    // memory-local-storage.ts, a setup file: before any file imports a persisted store) is
    // installed once and cleared by each test that reads it.
    isolate: false,
    setupFiles: ['tests/helpers/memory-local-storage.ts'],
  },
});
