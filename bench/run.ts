/**
 * `npm run bench`: throughput and memory of the real app (production build, embedded database,
 * demo data) against baselines measured in the same run on the same machine:
 *   - a bare Fastify answering static JSON (the ceiling for any API route),
 *   - a trivial React Router page rendered by the same SSR pipeline is approximated by the home page.
 * Results are ratios (app / baseline), so they mean the same on a fast or a slow machine.
 * Targets (DESIGN §2 baselines): health ≥ 40 % of bare Fastify; SSR pages ≥ 100 req/s; RSS < 300 MB.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

async function measure(url: string): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return result.requests.average;
}

async function waitForHealth(url: string, deadline = Date.now() + 180_000) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become healthy`);
}

async function main() {
  const baseline = Fastify();
  baseline.get('/json', async () => ({ status: 'ok' }));
  const baselineUrl = await baseline.listen({ port: 0, host: '127.0.0.1' });

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'storefront-bench-'));
  const port = 3300 + Math.floor(Math.random() * 500);
  const app = spawn(process.execPath, ['--import', 'tsx', 'src/server/http/start.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'true' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const appUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${appUrl}/api/v1/health`);
    const rows: [string, number, number][] = [];
    const base = await measure(`${baselineUrl}/json`);
    rows.push(['baseline: bare Fastify static JSON', base, 1]);
    for (const [label, p] of [
      ['GET /api/v1/health (database ping)', '/api/v1/health'],
      ['SSR / (landing page)', '/'],
      ['SSR /about (default layout)', '/about'],
      ['SSR /maya (user site)', '/maya'],
    ] as const) {
      const rps = await measure(appUrl + p);
      rows.push([label, rps, rps / base]);
    }
    const rssMb = Number(
      (await new Promise<string>((resolve) => {
        const ps = spawn('ps', ['-o', 'rss=', '-p', String(app.pid)]);
        let out = '';
        ps.stdout.on('data', (d) => (out += d));
        ps.on('close', () => resolve(out.trim()));
      })) || 0,
    ) / 1024;
    console.log(`\n${'scenario'.padEnd(40)} ${'req/s'.padStart(9)} ${'× baseline'.padStart(11)}`);
    for (const [label, rps, ratio] of rows) {
      console.log(`${label.padEnd(40)} ${rps.toFixed(0).padStart(9)} ${ratio.toFixed(3).padStart(11)}`);
    }
    console.log(`\nApp resident memory after the runs: ${rssMb.toFixed(0)} MB`);
    const health = rows[1]![2];
    const ssrMin = Math.min(...rows.slice(2).map((r) => r[1]));
    const verdicts = [
      [`health ≥ 0.40 × baseline (${health.toFixed(2)})`, health >= 0.4],
      [`every SSR page ≥ 100 req/s (${ssrMin.toFixed(0)})`, ssrMin >= 100],
      [`RSS < 300 MB (${rssMb.toFixed(0)})`, rssMb < 300],
    ] as const;
    for (const [text, ok] of verdicts) console.log(`${ok ? 'PASS' : 'MISS'}  ${text}`);
    process.exitCode = verdicts.every(([, ok]) => ok) ? 0 : 1;
  } finally {
    app.kill('SIGTERM');
    await new Promise((r) => app.once('exit', r));
    await baseline.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
