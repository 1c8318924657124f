/**
 * `npm test`: lint, typecheck, unit + API tests (PGlite; and PostgreSQL when TEST_DATABASE_URL is
 * set), the production build, then the end-to-end suite in a real Chromium.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findChromium } from './e2e/chromium';

const reports = mkdtempSync(path.join(os.tmpdir(), 'storefront-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

/** Adds a Vitest or Playwright JSON report to the totals printed at the end. */
function count(file: string) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats) {
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
  } else {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  }
}
const vitestJson = (name: string) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reports, name)}`,
];

const bin = (name: string) => `node_modules/.bin/${name}`;

function step(title: string, cmd: string, args: string[], env: Record<string, string> = {}) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${title} failed (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds} s)`);
}

/**
 * The production build, whose output must carry no bundler warning: the ones no one can act on
 * are filtered in vite/build-warnings.ts, so any left is ours to fix (a circular chunk, an empty
 * chunk, a misplaced dynamic import), not noise for the next newcomer's `npm start`.
 */
function buildStep() {
  const title = 'Production build (no bundler warnings)';
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(bin('react-router'), ['build'], {
    env: { ...process.env, NODE_ENV: 'production', DEBUG: '' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.stdout}${result.stderr}`;
  process.stdout.write(output);
  const warnings = output
    .split('\n')
    .filter((line) =>
      /\(!\)|Circular chunk|empty chunk|contains an annotation|Module level directives/.test(line),
    );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0 || warnings.length > 0) {
    if (warnings.length) console.error(`Bundler warnings:\n${warnings.join('\n')}`);
    console.error(`✖ ${title} failed (${seconds} s)`);
    process.exit(result.status || 1);
  }
  console.log(`✔ ${title} (${seconds} s)`);
}

function ensureChromium() {
  if (findChromium()) return;
  const isRootDebian = process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
  if (isRootDebian) {
    step('Installing Chromium (apt-get install -y chromium)', 'sh', [
      '-c',
      'apt-get update -qq && apt-get install -y -qq chromium',
    ]);
    if (findChromium()) return;
  }
  console.error(
    'No Chromium found for the end-to-end tests. Install one and re-run:\n' +
      '  Debian/Ubuntu: sudo apt-get install -y chromium\n' +
      '  elsewhere:     npx playwright install chromium, then set CHROME_PATH to its executable',
  );
  process.exit(1);
}

step('Lint', bin('eslint'), ['.', '--max-warnings=0']);
step('Typecheck', 'sh', ['-c', `${bin('react-router')} typegen && ${bin('tsc')} --noEmit`]);
step('Unit and API tests (embedded PGlite)', bin('vitest'), ['run', ...vitestJson('unit.json')]);
count(path.join(reports, 'unit.json'));
if (process.env.TEST_DATABASE_URL) {
  step(
    'API tests on PostgreSQL',
    bin('vitest'),
    ['run', 'tests/api', ...vitestJson('postgres.json')],
    { TEST_DB: 'postgres' },
  );
  count(path.join(reports, 'postgres.json'));
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the API suite ran on PGlite only)');
}
buildStep();
ensureChromium();
step(
  'End-to-end tests (Chromium, production build)',
  bin('playwright'),
  ['test', '--reporter=list,json'],
  {
    PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json'),
  },
);
count(path.join(reports, 'e2e.json'));
console.log('\nAll checks passed.');
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
