/**
 * Issue 22's checkout figures: 50 buyers check out one in-stock item at the same time, the whole
 * checkout the checkout page does — POST /orders, POST /payment-intent, POST
 * /payments/local/confirm with the embedded payment driver — each buyer starting the next as soon
 * as one is paid. Measured against the production app twice: on a throwaway PostgreSQL database
 * (on BENCH_DATABASE_URL's server, default the local one; dropped after) and on the embedded
 * PGlite. Targets: PostgreSQL ≥ 150 completed checkouts/s with whole-checkout p99 ≤ 500 ms;
 * PGlite ≥ 40/s. Every call must succeed, and the post's stock must end exactly at its start minus
 * the units ordered (no oversell, no lost unit).
 *
 * The per-member limits stay on (at most 10 card confirmations per member in 10 minutes), so each
 * of the 50 concurrent buyers moves to a fresh account every 10 checkouts: 50 people buying at
 * every moment, as many accounts as the run needs, seeded before the app starts
 * (bench/checkout-buyers.ts).
 *
 * Alone: `npx tsx bench/checkout.ts` (BENCH_CHECKOUT=postgres or =pglite for one of the two,
 * BENCH_SECONDS for the measured time, BENCH_PORT for the app's port, BENCH_APP_NODE_OPTIONS for
 * the app's NODE_OPTIONS, e.g. an --import that profiles it).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { catalogApi, commerceApi } from '../src/shared/api';
import { VISA } from '../tests/helpers/checkout-data';
import { throwawayDatabase } from './catalog';
import { seedAccounts, type SeededBuyer } from './checkout-buyers';
import { startApp, stop } from './processes';

type Verdict = [string, boolean];

const BUYERS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_S = 2;
/** POST /payments/local/confirm allows 10 per member per 10 minutes (checkout.ts). */
const CHECKOUTS_PER_ACCOUNT = 10;
/** Accounts seeded per buyer: enough for 12 checkouts/s each (600/s in all) over the run. */
const ACCOUNTS_PER_BUYER = Math.ceil(((WARMUP_S + DURATION_S) * 12) / CHECKOUTS_PER_ACCOUNT);
const STOCK = 1_000_000;
const TARGETS = { postgres: { rate: 150, p99: 500 }, pglite: { rate: 40, p99: Infinity } };

export interface CheckoutFigures {
  completed: number;
  failed: number;
  perSecond: number;
  wholeP99: number;
  placeP99: number;
  intentP99: number;
  confirmP99: number;
  stockOk: boolean;
  /** The app process's CPU time per completed checkout: what a busy machine does not change much. */
  appCpuMs: number;
  /** This load generator's CPU time per completed checkout (it shares the machine). */
  clientCpuMs: number;
  /**
   * The whole machine's busy CPU time per completed checkout (app, database, this client and
   * anything else running): on a quiet machine, what caps the rate at cores × 1000 / it.
   */
  machineCpuMs: number;
}

/** User + system CPU time of a process so far, in ms (Linux /proc; clock ticks of 10 ms). */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Busy CPU time of the whole machine so far, in ms (/proc/stat's first line, idle and iowait out). */
async function machineCpuMs(): Promise<number> {
  const [cpu] = (await readFile('/proc/stat', 'utf8')).split('\n');
  const ticks = cpu!.trim().split(/\s+/).slice(1).map(Number);
  const busy = ticks.reduce((a, b) => a + b, 0) - ticks[3]! - ticks[4]!;
  return busy * 10;
}

const clientCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

interface Endpoint {
  method: string;
  path: string;
}

/** One API call as a member; throws on anything but success (a bench run must be clean). */
async function call<T>(base: string, token: string, e: Endpoint, body: unknown): Promise<T> {
  const res = await fetch(`${base}/api/v1${e.path}`, {
    method: e.method,
    headers: { 'content-type': 'application/json', 'x-access-token': token },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${e.method} ${e.path}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

interface Timings {
  place: number[];
  intent: number[];
  confirm: number[];
  whole: number[];
  failures: string[];
}

/** One buyer's whole checkout, as the checkout page does it; its step times go into `into`. */
async function checkout(base: string, buyer: SeededBuyer, postId: string, into: Timings) {
  const t0 = performance.now();
  const { order } = await call<{ order: { _id: string } }>(base, buyer.token, commerceApi.createOrder, {
    items: [{ _id: postId, amount: 1, selectedVariations: {} }],
    shippingAddressId: buyer.addressId,
  });
  const t1 = performance.now();
  const intent = await call<{ paymentIntentId: string }>(
    base,
    buyer.token,
    commerceApi.createPaymentIntent,
    { orderId: order._id },
  );
  const t2 = performance.now();
  await call(base, buyer.token, commerceApi.confirmLocalPayment, {
    paymentIntentId: intent.paymentIntentId,
    card: VISA,
  });
  const t3 = performance.now();
  into.place.push(t1 - t0);
  into.intent.push(t2 - t1);
  into.confirm.push(t3 - t2);
  into.whole.push(t3 - t0);
}

/** `BUYERS` loops checking out until `until`; each takes its accounts from its own slice. */
async function drive(base: string, accounts: SeededBuyer[][], postId: string, seconds: number) {
  const into: Timings = { place: [], intent: [], confirm: [], whole: [], failures: [] };
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    accounts.map(async (mine) => {
      let done = 0;
      while (performance.now() < until) {
        const buyer = mine[Math.floor(done / CHECKOUTS_PER_ACCOUNT)];
        if (!buyer) throw new Error('the bench ran out of seeded accounts: raise ACCOUNTS_PER_BUYER');
        done += 1;
        await checkout(base, buyer, postId, into).catch((err: Error) => into.failures.push(err.message));
      }
      mine.splice(0, Math.ceil(done / CHECKOUTS_PER_ACCOUNT));
    }),
  );
  return { into, elapsedS: (performance.now() - started) / 1000 };
}

/** The whole run against one database: seed, start the app, create the post, warm up, measure. */
export async function measureCheckout(kind: 'postgres' | 'pglite'): Promise<CheckoutFigures> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'storefront-checkout-'));
  const db = kind === 'postgres' ? await throwawayDatabase('bench_checkout') : null;
  const port = process.env.BENCH_PORT ?? String(3300 + Math.floor(Math.random() * 500));
  const env: Record<string, string> = {
    PORT: port,
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SEED_DEMO: 'false',
    // Under this load every order is a "slow request" warning at first: the lines would be measured too.
    LOG_LEVEL: 'error',
    ...(db ? { DATABASE_URL: db.url } : {}),
    // E.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where the app's time goes.
    ...(process.env.BENCH_APP_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_APP_NODE_OPTIONS } : {}),
  };
  try {
    const seeded = await seedAccounts(env, BUYERS * ACCOUNTS_PER_BUYER);
    const app = await startApp(env);
    try {
      const base = app.url;
      const { product } = await call<{ product: { _id: string } }>(
        base,
        seeded.seller.token,
        catalogApi.saveProduct,
        {
          title: 'Bench enamel pin',
          description: 'One item everyone buys at once.',
          price: 12,
          shippingCost: 3,
          stock: STOCK,
          _tags: ['bench'],
          status: 'published',
        },
      );
      const accounts = Array.from({ length: BUYERS }, (_, i) =>
        seeded.buyers.slice(i * ACCOUNTS_PER_BUYER, (i + 1) * ACCOUNTS_PER_BUYER),
      );
      const warm = await drive(base, accounts, product._id, WARMUP_S);
      const cpuBefore = await cpuMs(app.child.pid!);
      const [machineBefore, clientBefore] = [await machineCpuMs(), clientCpuMs()];
      const { into, elapsedS } = await drive(base, accounts, product._id, DURATION_S);
      const cpuSpent = (await cpuMs(app.child.pid!)) - cpuBefore;
      const [machineSpent, clientSpent] = [
        (await machineCpuMs()) - machineBefore,
        clientCpuMs() - clientBefore,
      ];
      const perCheckout = (ms: number) => ms / Math.max(1, into.whole.length);
      const ordered = warm.into.place.length + into.place.length;
      const after = await fetch(`${base}/api/v1/products/${product._id}`);
      const { product: final } = (await after.json()) as { product: { stock: number } };
      const failures = [...warm.into.failures, ...into.failures];
      if (failures.length) console.log(`  first failures: ${failures.slice(0, 3).join(' | ')}`);
      return {
        completed: into.whole.length,
        failed: failures.length,
        perSecond: into.whole.length / elapsedS,
        wholeP99: percentile(into.whole, 99),
        placeP99: percentile(into.place, 99),
        intentP99: percentile(into.intent, 99),
        confirmP99: percentile(into.confirm, 99),
        // Failed calls may have placed an order without paying: only a clean run is checked exactly.
        stockOk: failures.length > 0 || final.stock === STOCK - ordered,
        appCpuMs: perCheckout(cpuSpent),
        clientCpuMs: perCheckout(clientSpent),
        machineCpuMs: perCheckout(machineSpent),
      };
    } finally {
      await stop(app.child);
    }
  } finally {
    await db?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Both runs (or BENCH_CHECKOUT's one), printed, with their verdicts. */
export async function runCheckoutBench(): Promise<Verdict[]> {
  const kinds = (process.env.BENCH_CHECKOUT ? [process.env.BENCH_CHECKOUT] : ['postgres', 'pglite']) as (
    | 'postgres'
    | 'pglite'
  )[];
  const verdicts: Verdict[] = [];
  for (const kind of kinds) {
    console.log(`\nCheckout, ${BUYERS} buyers of one item, ${kind}, ${DURATION_S} s…`);
    const f = await measureCheckout(kind);
    const ms = (n: number) => `${n.toFixed(0)} ms`;
    console.log(
      `  ${f.completed} checkouts, ${f.perSecond.toFixed(1)}/s; p99 whole ${ms(f.wholeP99)}, ` +
        `place order ${ms(f.placeP99)}, payment intent ${ms(f.intentP99)}, confirm ${ms(f.confirmP99)}; ` +
        `${f.failed} failed; app CPU ${f.appCpuMs.toFixed(1)} ms per checkout`,
    );
    const cores = os.cpus().length;
    console.log(
      `  CPU per checkout: machine ${f.machineCpuMs.toFixed(1)} ms (app ${f.appCpuMs.toFixed(1)}, ` +
        `this client ${f.clientCpuMs.toFixed(1)}, database and the rest ` +
        `${(f.machineCpuMs - f.appCpuMs - f.clientCpuMs).toFixed(1)}): ` +
        `${cores} cores cap the rate near ${((cores * 1000) / f.machineCpuMs).toFixed(0)}/s`,
    );
    const target = TARGETS[kind];
    verdicts.push(
      [`checkout ${kind} ≥ ${target.rate}/s (${f.perSecond.toFixed(1)})`, f.perSecond >= target.rate],
      [`checkout ${kind}: every call succeeded (${f.failed} failed)`, f.failed === 0],
      [`checkout ${kind}: stock went down by exactly the units ordered`, f.stockOk],
    );
    if (Number.isFinite(target.p99))
      verdicts.push([
        `checkout ${kind}: whole-checkout p99 ≤ ${target.p99} ms (${f.wholeP99.toFixed(0)})`,
        f.wholeP99 <= target.p99,
      ]);
  }
  return verdicts;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const verdicts = await runCheckoutBench();
  console.log('');
  for (const [text, ok] of verdicts) console.log(`${ok ? 'PASS' : 'MISS'}  ${text}`);
  process.exitCode = verdicts.every(([, ok]) => ok) ? 0 : 1;
}
