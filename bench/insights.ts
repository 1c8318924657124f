/**
 * Issue 26, "Measured": GET /api/v1/insights answers p95 ≤ 100 ms for a seller with a million
 * events over a year, on PostgreSQL. The production app runs on a throwaway database with the
 * demo data; maya then gets a year of events (BENCH_INSIGHT_EVENTS, default 1,000,000) held as the
 * product holds them after a year (bench/insights-seed.ts). Each range is asked one request at a
 * time as maya, after a warm-up; the figure is the p95 of the samples.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { INSIGHT_RANGES, type InsightsResponse } from '../src/shared/contracts/insights';
import { throwawayDatabase } from './catalog';
import { seedYearOfInsights } from './insights-seed';
import { sellerAccessToken } from './member-pages';
import { SELLER } from './personal-pages';
import { startApp, stop } from './processes';

type Verdict = [string, boolean];

const EVENTS = Number(process.env.BENCH_INSIGHT_EVENTS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const MAX_P95_MS = 100;
const HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export async function runInsightsBench(): Promise<Verdict[]> {
  const database = await throwawayDatabase('bench_insights');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'storefront-bench-insights-'));
  const port = String(3300 + Math.floor(Math.random() * 500));
  const app = await startApp({
    PORT: port,
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    JWT_SECRET: randomBytes(32).toString('hex'),
  });
  try {
    console.log(`\nissue 26: a year of insights on PostgreSQL — seeding ${EVENTS.toLocaleString('en')} events for ${SELLER}…`);
    const seed = await seedYearOfInsights(database.url, SELLER, EVENTS);
    console.log(`  inserted in ${seed.seconds.insert.toFixed(1)} s, folded (365 days) in ${seed.seconds.fold.toFixed(1)} s`);
    const token = await sellerAccessToken(app.url);
    const ask = async (range: string) => {
      const started = performance.now();
      const res = await fetch(`${app.url}/api/v1/insights?range=${range}`, { headers: { ...HEADERS, 'x-access-token': token } });
      const body = (await res.json()) as InsightsResponse;
      if (!res.ok) throw new Error(`GET /insights?range=${range}: ${res.status}`);
      return { ms: performance.now() - started, body };
    };
    const year = (await ask('365d')).body;
    const counted = year.totals.views + year.totals.clicks + year.totals.carts;
    console.log(`  365d: ${year.totals.views.toLocaleString('en')} views, ${year.totals.orders.toLocaleString('en')} orders, ${year.bySource.length} sources, ${year.byPost.length} posts, ${year.byLink.length} links`);
    console.log(`\n${'GET /api/v1/insights'.padEnd(30)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
    const verdicts: Verdict[] = [[`the year's events are all read (${counted.toLocaleString('en')} views, clicks and carts ≥ 0.95 × ${EVENTS.toLocaleString('en')})`, counted >= 0.95 * EVENTS]];
    for (const range of INSIGHT_RANGES) {
      for (let i = 0; i < 20; i++) await ask(range);
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) times.push((await ask(range)).ms);
      times.sort((a, b) => a - b);
      const [p50, p95] = [percentile(times, 0.5), percentile(times, 0.95)];
      console.log(`${`?range=${range}`.padEnd(30)} ${p50.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${times.at(-1)!.toFixed(1).padStart(8)}`);
      verdicts.push([`insights ?range=${range} p95 ≤ ${MAX_P95_MS} ms at ${EVENTS / 1e6}M events a year (${p95.toFixed(1)})`, p95 <= MAX_P95_MS]);
    }
    return verdicts;
  } finally {
    await stop(app.child);
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
