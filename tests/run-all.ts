/**
 * `npm test`: lint, typecheck and the production build side by side, unit + API tests (PGlite; and
 * PostgreSQL when TEST_DATABASE_URL is set), then the end-to-end suite in a real Chromium.
 */
import { spawn, spawnSync } from 'node:child_process';
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

/** A step run beside others: its output is kept and printed whole once it has finished. */
interface ParallelStep {
  title: string;
  cmd: string;
  args: string[];
  env?: Record<string, string>;
  /** What in the step's output fails it although it exited 0. */
  problems?: (output: string) => string[];
}

function runCaptured(task: ParallelStep): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(task.cmd, task.args, { env: { ...process.env, ...task.env } });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A command that cannot start (not installed): said, and the step fails.
    child.on('error', (err) => chunks.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (status) => {
      const output = Buffer.concat(chunks).toString('utf8');
      const problems = task.problems?.(output) ?? [];
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n▶ ${task.title}`);
      process.stdout.write(output);
      if (problems.length) console.error(problems.join('\n'));
      const ok = status === 0 && problems.length === 0;
      console.log(ok ? `✔ ${task.title} (${seconds} s)` : `✖ ${task.title} failed (${seconds} s)`);
      resolve(ok);
    });
  });
}

/**
 * Steps that share no files and each keep one core busy, run at once (on two cores the three took
 * ~90 s instead of ~115 s in turn); every one runs to its end, so a failure reports them all.
 */
async function together(tasks: ParallelStep[]) {
  const results = await Promise.all(tasks.map(runCaptured));
  if (results.includes(false)) process.exit(1);
}

/**
 * The production build, whose output must carry no bundler warning: the ones no one can act on
 * are filtered in vite/build-warnings.ts, so any left is ours to fix (a circular chunk, an empty
 * chunk, a misplaced dynamic import), not noise for the next newcomer's `npm start`. Built before
 * the Vitest passes, whose page-rendering tests would otherwise build it themselves (fresh builds
 * are reused: tests/helpers/web-build.ts).
 */
const buildStep: ParallelStep = {
  title: 'Production build (no bundler warnings)',
  cmd: bin('react-router'),
  args: ['build'],
  env: { NODE_ENV: 'production', DEBUG: '' },
  problems: (output) => {
    const warnings = output
      .split('\n')
      .filter((line) =>
        /\(!\)|Circular chunk|empty chunk|contains an annotation|Module level directives/.test(
          line,
        ),
      );
    return warnings.length ? [`Bundler warnings:\n${warnings.join('\n')}`] : [];
  },
};

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

// The route types first: the typecheck reads them, and nothing else writes them meanwhile.
step('Route types', bin('react-router'), ['typegen']);
await together([
  { title: 'Lint', cmd: bin('eslint'), args: ['.', '--max-warnings=0'] },
  { title: 'Typecheck', cmd: bin('tsc'), args: ['--noEmit'] },
  buildStep,
]);
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
