/**
 * `BENCH_ONLY=catalog npm run bench`: the catalogue's figures of issue 9 ("Measured"), on
 * PostgreSQL with seeded posts, beside the static-JSON baseline of the same run.
 *
 * Two throwaway databases on BENCH_DATABASE_URL's server (default the local one): 10 000 posts and
 * BENCH_POSTS posts (default 100 000; 1 000 000 for the 1M figures), seeded by bulk SQL
 * through the app's migrations (bench/catalog-seed.ts). Against each, the production app:
 *   - as deployed (the list cache on): GET /api/v1/products?limit=24 at 50 connections, req/s and
 *     p99 — target ≥ 25 % of the baseline's static JSON at 50 connections, p99 ≤ 50 ms;
 *   - with list pages not cached (CATALOG_CACHE_MS=0, counts still cached until a write), one
 *     request at a time: page 1 and page 500 of 24 (p50; target page 500 ≤ 1.5 × page 1), page 1
 *     at the large size vs 10k (p50; target ≤ 1.3 ×), and search p95 over a mix of exact, common
 *     and misspelt queries (target ≤ 30 ms at 1M).
 * Requests carry a browser's Accept-Encoding (answers are measured compressed, as browsers get
 * them); searches come from distinct forwarded addresses (TRUST_PROXY) so the per-IP limit stays out.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { SEARCH_QUERIES, seedCatalog, type SeedResult } from './catalog-seed';
import { startApp, startBaseline, stop } from './processes';

const BIG = Number(process.env.BENCH_POSTS ?? 100_000);
const SMALL = 10_000;
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const LIST = '/api/v1/products?limit=24';

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database on SERVER_URL's server, named `{prefix}_{random}` (also the checkout bench's). */
export async function throwawayDatabase(
  prefix = 'bench_catalog',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await onServer(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(`drop database if exists ${name} with (force)`),
  };
}

async function load(url: string): Promise<{ rps: number; p99: number }> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers: HEADERS });
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: HEADERS,
  });
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Latencies in ms of `n` requests one after another (after a warm-up of a tenth as many). */
async function sequential(n: number, request: (i: number) => Promise<Response>): Promise<number[]> {
  for (let i = 0; i < Math.ceil(n / 10); i++) await (await request(i)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    const res = await request(i);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${res.status} from a bench request`);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

const getList = (base: string, query: string) => () =>
  fetch(`${base}/api/v1/products?${query}`, { headers: HEADERS });

let addressCounter = 0;
const search = (base: string) => (i: number) => {
  addressCounter += 1;
  return fetch(`${base}/api/v1/products/search`, {
    method: 'POST',
    headers: {
      ...HEADERS,
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`,
    },
    body: JSON.stringify({ query: SEARCH_QUERIES[i % SEARCH_QUERIES.length], limit: 24 }),
  });
};

interface ScaleFigures {
  seed: SeedResult;
  page1: number[];
  page500: number[];
  search: number[];
  cached?: { rps: number; p99: number };
  baseline?: { rps: number; p99: number };
}

async function measureScale(posts: number, baselineUrl: string | null): Promise<ScaleFigures> {
  const db = await throwawayDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'storefront-bench-catalog-'));
  try {
    console.log(`Seeding ${posts.toLocaleString('en-US')} posts…`);
    const seed = await seedCatalog(db.url, posts);
    console.log(`  seeded in ${seed.seconds.toFixed(0)} s`);
    const env = {
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
      JWT_SECRET: randomBytes(32).toString('hex'),
    };
    const uncached = await startApp({ ...env, CATALOG_CACHE_MS: '0' });
    let figures: ScaleFigures;
    try {
      figures = {
        seed,
        page1: await sequential(SAMPLES, getList(uncached.url, 'limit=24')),
        page500: await sequential(SAMPLES, getList(uncached.url, 'limit=24&page=500')),
        search: await sequential(SAMPLES, search(uncached.url)),
      };
    } finally {
      await stop(uncached.child);
    }
    if (baselineUrl) {
      const app = await startApp(env);
      try {
        figures.baseline = await load(`${baselineUrl}/json`);
        figures.cached = await load(app.url + LIST);
      } finally {
        await stop(app.child);
      }
    }
    return figures;
  } finally {
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

export async function runCatalogBench(): Promise<number> {
  const baseline = await startBaseline();
  try {
    const small = await measureScale(SMALL, null);
    const big = await measureScale(BIG, baseline.url);
    const label = (n: number) => `${(n / 1000).toLocaleString('en-US')}k`;
    console.log(
      `\n${'scenario'.padEnd(58)} ${label(SMALL).padStart(10)} ${label(BIG).padStart(10)}`,
    );
    const row = (name: string, a: string, b: string) =>
      console.log(`${name.padEnd(58)} ${a.padStart(10)} ${b.padStart(10)}`);
    row('seeding (s)', small.seed.seconds.toFixed(0), big.seed.seconds.toFixed(0));
    row(
      'list page 1, uncached, p50',
      ms(percentile(small.page1, 50)),
      ms(percentile(big.page1, 50)),
    );
    row(
      'list page 1, uncached, p99',
      ms(percentile(small.page1, 99)),
      ms(percentile(big.page1, 99)),
    );
    row(
      'list page 500, uncached, p50',
      ms(percentile(small.page500, 50)),
      ms(percentile(big.page500, 50)),
    );
    row('search, p50', ms(percentile(small.search, 50)), ms(percentile(big.search, 50)));
    row('search, p95', ms(percentile(small.search, 95)), ms(percentile(big.search, 95)));
    const { rps, p99 } = big.cached!;
    const base = big.baseline!;
    console.log(
      `\nAt ${CONNECTIONS} connections, ${DURATION} s: baseline static JSON ${base.rps.toFixed(0)} req/s (p99 ${base.p99} ms);`,
    );
    console.log(
      `GET ${LIST} ${rps.toFixed(0)} req/s (${((rps / base.rps) * 100).toFixed(1)} % of the baseline), p99 ${p99} ms`,
    );

    const deep = percentile(big.page500, 50) / percentile(big.page1, 50);
    const scale = percentile(big.page1, 50) / percentile(small.page1, 50);
    const searchP95 = percentile(big.search, 95);
    const verdicts: [string, boolean][] = [
      [
        `list req/s ≥ 25 % of static JSON (${((rps / base.rps) * 100).toFixed(1)} %)`,
        rps >= 0.25 * base.rps,
      ],
      [`list p99 ≤ 50 ms at ${CONNECTIONS} connections (${p99})`, p99 <= 50],
      [`search p95 ≤ 30 ms at ${label(BIG)} (${searchP95.toFixed(1)})`, searchP95 <= 30],
      [`page 500 ≤ 1.5 × page 1 at ${label(BIG)} (${deep.toFixed(2)})`, deep <= 1.5],
      [`list p50 at ${label(BIG)} ≤ 1.3 × at 10k (${scale.toFixed(2)})`, scale <= 1.3],
    ];
    console.log('');
    for (const [text, ok] of verdicts) console.log(`${ok ? 'PASS' : 'MISS'}  ${text}`);
    return verdicts.every(([, ok]) => ok) ? 0 : 1;
  } finally {
    await stop(baseline.child);
  }
}
