import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../config/env';
import type { Database } from '../db/client';
import type { MailDriver } from '../adapters/mail/types';
import type { StorageDriver } from '../adapters/storage/types';
import { createDomainProbe, type DomainProbe } from '../adapters/domains/probe';
import type { PaymentsDriver } from '../adapters/payments/types';
import { aiImageDriverFor, type AiImageDriver } from '../adapters/ai-images';
import type { Logger, ModuleDeps } from '../modules/core';
import { createMetrics, type Metrics } from './metrics';

/** Everything the process needs from the outside world, built once at boot (or by a test). */
export interface AppDeps {
  env: Env;
  database: Database;
  mail: MailDriver;
  storage: StorageDriver;
  /** Secret for JWTs and signed URLs (from JWT_SECRET or kept in DATA_DIR). */
  secret: string;
  logger?: FastifyBaseLogger | boolean;
  /** Injectable clock so token-expiry behaviour is testable without sleeping. */
  now?: () => number;
  /** Redis for shared rate limits and cache invalidations when REDIS_URL is set. */
  redis?: Redis;
  /** Custom-domain verification (tests inject one that answers without a network). */
  domainProbe?: DomainProbe;
  /** The Stripe driver when STRIPE_SECRET_KEY is set (tests inject one aimed at a local stand-in). */
  payments?: PaymentsDriver | null;
  /** The AI image driver (runtime picks it from env; tests inject one aimed at a local stand-in). */
  aiImages?: AiImageDriver;
  /** This instance's metrics (GET /metrics); made on first use when a test builds deps without. */
  metrics?: Metrics;
}

const defaultProbe = createDomainProbe();
/** One driver per configuration, for deps built without one (tests, scripts). */
const aiDrivers = new WeakMap<Env, AiImageDriver>();
function aiImagesFor(env: Env): AiImageDriver {
  let driver = aiDrivers.get(env);
  if (!driver) aiDrivers.set(env, (driver = aiImageDriverFor(env)));
  return driver;
}

const metricsByDeps = new WeakMap<AppDeps, Metrics>();
/** The instance's metrics: the configured ones, or one registry per deps object. */
export function metricsOf(deps: AppDeps): Metrics {
  if (deps.metrics) return deps.metrics;
  let metrics = metricsByDeps.get(deps);
  if (!metrics) metricsByDeps.set(deps, (metrics = createMetrics()));
  return metrics;
}

/**
 * The deps a use-case gets, from the process's services and a logger (a request's, a job's). Built
 * per call rather than once, so a test that swaps a service on AppDeps affects the next request.
 */
export function moduleDeps(deps: AppDeps, log: Logger, requestId?: string): ModuleDeps {
  return {
    ...(requestId ? { requestId } : {}),
    db: deps.database.db,
    env: deps.env,
    now: deps.now ?? Date.now,
    log,
    mail: deps.mail,
    storage: deps.storage,
    secret: deps.secret,
    domainProbe: deps.domainProbe ?? defaultProbe,
    payments: deps.payments ?? null,
    aiImages: deps.aiImages ?? aiImagesFor(deps.env),
  };
}

/** The deps of a use-case run for one HTTP request: its logger, and its id for the jobs it enqueues. */
export const requestDeps = (deps: AppDeps, request: { log: Logger; id: string }): ModuleDeps =>
  moduleDeps(deps, request.log, request.id);
