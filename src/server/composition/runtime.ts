import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../config/env';
import { openDatabase, type DatabaseConfig } from '../db/client';
import { createMailDriver } from '../adapters/mail';
import { createStorage } from '../adapters/storage';
import { createStripeDriver, type StripeDriver } from '../adapters/payments/stripe';
import { aiImageDriverFor } from '../adapters/ai-images';
import { connectRedis } from '../adapters/redis';
import { metricsOf, moduleDeps, type AppDeps } from './app-deps';
import { createAppJobWorker } from './job-handlers';
import type { JobWorker } from '../modules/core';
import { openControlSocket } from '../backup/control-socket';

/**
 * The signing secret: JWT_SECRET when set; otherwise one generated on first start and kept in
 * DATA_DIR so sessions survive restarts. With DATABASE_URL (a real deployment, possibly several
 * instances) it must be configured, because instances must agree on it.
 */
async function resolveSecret(env: Env): Promise<string> {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  if (env.DATABASE_URL && env.NODE_ENV === 'production') {
    throw new Error('JWT_SECRET: must be set (32+ characters) when DATABASE_URL is used in production');
  }
  const file = path.resolve(env.DATA_DIR, 'secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: fall through and create it
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The Stripe driver when STRIPE_SECRET_KEY is set (loadEnv then requires the publishable key and
 * the webhook signing secret too); null leaves payments to the embedded driver.
 */
export function stripeDriverFor(env: Env): StripeDriver | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY) return null;
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  const protocol = api?.protocol === 'http:' ? 'http' : 'https';
  return createStripeDriver({
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    ...(api
      ? { host: api.hostname, port: Number(api.port) || (protocol === 'http' ? 80 : 443), protocol }
      : {}),
  });
}

/** Where the database is and how its pool behaves, from config (`npm start` and `npm run migrate`). */
export function databaseConfig(env: Env, logger?: Pick<FastifyBaseLogger, 'warn'>): DatabaseConfig {
  return {
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    pool: { max: env.DATABASE_POOL_MAX, statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS },
    ...(logger
      ? {
          onConnectionError: (err: Error) =>
            logger.warn({ err }, 'database connection lost; the pool opens a new one when needed'),
        }
      : {}),
  };
}

export interface Runtime {
  deps: AppDeps;
  /** Runs the background jobs (mail, file clean-up, …) of this and every other instance's requests. */
  jobs: JobWorker;
  /**
   * Stops the job worker — a job being run gets up to `jobsFinishMs` to finish — then closes
   * every service. A job still running past that is left to its lease: it runs again elsewhere.
   */
  close(jobsFinishMs?: number): Promise<void>;
}

/** Resolves when `work` does or after `ms`, whichever is first; never rejects. */
function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  if (!Number.isFinite(ms)) return work.then(() => {}, () => {});
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([work.then(() => {}, () => {}), limit]).finally(() => clearTimeout(timer));
}

/** Opens every outside service the app needs, choosing embedded or real drivers from config. */
export async function createRuntime(env: Env, logger: FastifyBaseLogger): Promise<Runtime> {
  await mkdir(env.DATA_DIR, { recursive: true });
  const secret = await resolveSecret(env);
  const database = await openDatabase(databaseConfig(env, logger));
  const mail = createMailDriver({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: path.resolve(env.DATA_DIR, 'outbox'),
    logger,
    // Development on a terminal: each mail's links on one readable line (never in production
    // logs, where a live reset link would be a way in).
    announce:
      env.NODE_ENV === 'development' && process.stdout.isTTY
        ? (line) => process.stdout.write(`${line}\n`)
        : undefined,
  });
  const storage = createStorage({
    dataDir: path.resolve(env.DATA_DIR),
    secret,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
  });
  const redis = env.REDIS_URL ? connectRedis(env.REDIS_URL) : undefined;
  const payments = stripeDriverFor(env);
  const aiImages = aiImageDriverFor(env);
  const deps: AppDeps = { env, database, mail, storage, secret, logger, redis, payments, aiImages };
  if (database.poolStats) metricsOf(deps).gauges({ pool: database.poolStats });
  const jobs = createAppJobWorker(deps, moduleDeps(deps, logger));
  // The embedded database can be opened by this process only: `npm run backup` asks it here.
  const control = database.dumpDataDir
    ? await openControlSocket(
        {
          dataDir: path.resolve(env.DATA_DIR),
          dumpDatabase: database.dumpDataDir,
          media: storage.name === 'local' ? storage : null,
        },
        logger,
      )
    : null;
  return {
    deps,
    jobs,
    async close(jobsFinishMs = Infinity) {
      await control?.close();
      // A job being run finishes first; queued ones wait in the database for the next start.
      await settledWithin(jobs.stop(), jobsFinishMs);
      await mail.close?.();
      redis?.disconnect();
      await database.close();
    },
  };
}
