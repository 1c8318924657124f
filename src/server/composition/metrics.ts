import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
} from 'prom-client';

/**
 * What an operator watches (GET /metrics, Prometheus text format): one registry per app instance,
 * so two apps in one process (tests) never mix their figures. Every metric is declared here, once,
 * with the few words Prometheus shows beside it; the code that counts calls the methods below and
 * never touches prom-client itself.
 */
export interface Metrics {
  readonly registry: Registry;
  /** One finished HTTP request: its route pattern (`/api/v1/products/:id`, `/*` for pages). */
  request(route: string, method: string, statusCode: number, seconds: number): void;
  /** One job run's outcome: `done`, `retry` (failed, will run again) or `failed` (for good). */
  jobRun(name: string, outcome: JobOutcome, seconds: number): void;
  /**
   * A seller's page answered from the render cache (`hit`), rendered (`miss`), never cached
   * (`bypass`), served out of date while one background render replaces it (`revalidate`) or
   * served past its TTL while the database is away (`stale`).
   */
  renderCache(result: 'hit' | 'miss' | 'bypass' | 'revalidate' | 'stale'): void;
  /** Redis could not be used for a call (a rate limit, a publish) and the instance did without it. */
  redisFallback(use: 'rate-limit' | 'changes'): void;
  /** Whether Redis answers, as this instance last saw it (only with REDIS_URL). */
  redisUp(up: boolean): void;
  /** Reads taken at scrape time (the pool's own counters, the queue's depth). */
  gauges(sources: GaugeSources): void;
}

export type JobOutcome = 'done' | 'retry' | 'failed';

export interface GaugeSources {
  /** The database pool now: connections handing out queries, and queries waiting for one. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** Jobs by status now (a query: it may fail while the database is away). */
  jobs?: () => Promise<Record<string, number>>;
}

const PREFIX = 'storefront_';

export function createMetrics(): Metrics {
  const registry = new Registry();
  // Event-loop lag, heap and resident memory, CPU, open handles: prom-client's standard set.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const counter = <L extends string>(config: CounterConfiguration<L>) =>
    new Counter<L>({ ...config, registers: [registry] });

  const requests = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time to answer an HTTP request, by route pattern, method and status class.',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobDurations = new Histogram({
    name: `${PREFIX}job_duration_seconds`,
    help: 'Time one job run took, by job name and outcome.',
    labelNames: ['job', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    registers: [registry],
  });
  const jobRuns = counter({
    name: `${PREFIX}job_runs_total`,
    help: 'Job runs by job name and outcome (done, retry: failed and will run again, failed: for good).',
    labelNames: ['job', 'outcome'] as const,
  });
  const renderCache = counter({
    name: `${PREFIX}render_cache_requests_total`,
    help: "Sellers' pages by render-cache result: hit, miss (rendered), bypass (never cached), revalidate (served out of date while one background render replaces it) or stale (served past its TTL while the database is away).",
    labelNames: ['result'] as const,
  });
  const redisFallbacks = counter({
    name: `${PREFIX}redis_fallbacks_total`,
    help: 'Calls that did without Redis because it did not answer (per-instance rate limits, cache TTLs).',
    labelNames: ['use'] as const,
  });
  const redisUp = new Gauge({
    name: `${PREFIX}redis_up`,
    help: 'Whether Redis answers this instance (1) or not (0).',
    registers: [registry],
  });

  let sources: GaugeSources = {};
  new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: 'Database pool connections by state: in_use, idle, and queries waiting for one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = sources.pool?.();
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: `${PREFIX}job_queue_depth`,
    help: 'Jobs in the queue by status (queued, running, failed).',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      if (!sources.jobs) return;
      try {
        const counts = await sources.jobs();
        this.reset();
        for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
      } catch {
        // The database is away: the depth is unknown, and a scrape must still answer.
        this.reset();
      }
    },
  });

  return {
    registry,
    request(route, method, statusCode, seconds) {
      const statusClass = `${Math.floor(statusCode / 100)}xx`;
      requests.observe({ route, method, status_class: statusClass }, seconds);
    },
    jobRun(name, outcome, seconds) {
      jobRuns.inc({ job: name, outcome });
      jobDurations.observe({ job: name, outcome }, seconds);
    },
    renderCache: (result) => renderCache.inc({ result }),
    redisFallback: (use) => redisFallbacks.inc({ use }),
    redisUp: (up) => redisUp.set(up ? 1 : 0),
    gauges(next) {
      sources = { ...sources, ...next };
    },
  };
}
