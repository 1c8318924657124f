/**
 * Issue 22's figures for the pages every visitor renders afresh (no render cache): `/`, `/login`
 * and `/marketplace` ≥ 1 % of the same run's static-JSON baseline (docs/decisions/046).
 *
 * `uncachedPagesLoad` is what bench/run.ts calls beside the other load figures. Run alone
 * (`node --import tsx bench/uncached-pages.ts`, after `npm run build`) it
 * starts the baseline and the app with demo data itself; BENCH_PORT chooses the app's port.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { LoadFigures } from './personal-pages';
import { PRODUCTION_START, startBaseline, stop, waitForHealth } from './processes';

type Verdict = [string, boolean];

export const UNCACHED_PAGES = ['/', '/login', '/marketplace'] as const;
const MIN_SHARE_OF_BASELINE = 0.01;
/** What Chromium sends: pages come back compressed, as a browser gets them. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** The CPU time (user + system, ms) the process `pid` has used so far (Linux /proc). */
export async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The app's CPU time per render of `url`, one request at a time: a figure that holds on a busy
 * machine, where requests per second follow whatever else runs.
 */
async function cpuPerRender(pid: number, url: string, renders = 100): Promise<number> {
  const before = await cpuMs(pid);
  for (let i = 0; i < renders; i++) {
    const res = await fetch(url, { headers: BROWSER_HEADERS });
    await res.arrayBuffer();
  }
  return ((await cpuMs(pid)) - before) / renders;
}

/**
 * The load verdicts of the uncached pages, beside the baseline's static JSON of the same run;
 * with the app's `pid`, also the CPU time each render costs it.
 */
export async function uncachedPagesLoad(
  appUrl: string,
  staticJson: LoadFigures,
  measure: (url: string) => Promise<LoadFigures>,
  appPid?: number,
): Promise<Verdict[]> {
  console.log(
    `\n${'issue 22: uncached pages'.padEnd(44)} ${'req/s'.padStart(8)} ${'× baseline'.padStart(12)} ${'p99 ms'.padStart(8)}${appPid ? ' CPU ms/render'.padStart(15) : ''}`,
  );
  const verdicts: Verdict[] = [];
  for (const page of UNCACHED_PAGES) {
    const { rps, p99 } = await measure(appUrl + page);
    const share = rps / staticJson.rps;
    const cpu = appPid ? (await cpuPerRender(appPid, appUrl + page)).toFixed(1).padStart(15) : '';
    console.log(
      `${page.padEnd(44)} ${rps.toFixed(0).padStart(8)} ${share.toFixed(4).padStart(12)} ${String(p99).padStart(8)}${cpu}`,
    );
    verdicts.push([
      `uncached ${page} ≥ ${MIN_SHARE_OF_BASELINE} × static JSON (${share.toFixed(4)})`,
      share >= MIN_SHARE_OF_BASELINE,
    ]);
  }
  return verdicts;
}

// ---- run alone ----

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

async function measureAlone(url: string): Promise<LoadFigures> {
  const options = { url, connections: 10, headers: BROWSER_HEADERS };
  await autocannon({ ...options, duration: 1 }); // the JIT warms up, not counted
  const result = await autocannon({ ...options, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function main() {
  const baseline = await startBaseline();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'storefront-bench-uncached-'));
  const port = Number(process.env.BENCH_PORT ?? 3300 + Math.floor(Math.random() * 500));
  const appUrl = `http://127.0.0.1:${port}`;
  // What production runs (docs/decisions/043), as bench/run.ts starts it.
  const app = spawn(process.execPath, PRODUCTION_START, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: appUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Renders from one address on purpose: the per-address render limit (docs/decisions/053) off.
      RENDER_RATE_LIMIT_PER_MINUTE: '0',
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth(`${appUrl}/api/v1/health`, app);
    const staticJson = await measureAlone(`${baseline.url}/json`);
    console.log(`baseline static JSON: ${staticJson.rps.toFixed(0)} req/s, p99 ${staticJson.p99} ms`);
    const verdicts = await uncachedPagesLoad(appUrl, staticJson, measureAlone, app.pid);
    for (const [text, ok] of verdicts) console.log(`${ok ? 'PASS' : 'MISS'}  ${text}`);
    process.exitCode = verdicts.every(([, ok]) => ok) ? 0 : 1;
  } finally {
    await stop(app);
    await stop(baseline.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
