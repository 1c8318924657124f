import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadEnv } from '../../src/server/config/env';
import { buildApp, type BuildAppOptions } from '../../src/server/http/boot/app';
import type { Database, QueryObserver } from '../../src/server/db/client';
import { moduleDeps, type AppDeps } from '../../src/server/composition/app-deps';
import { createOutboxDriver, readOutbox } from '../../src/server/adapters/mail/outbox';
import { createLocalStorage } from '../../src/server/adapters/storage/local';
import { createAppJobWorker } from '../../src/server/composition/job-handlers';
import type { JobWorker, ModuleDeps } from '../../src/server/modules/core';
import { createTestDatabase } from './database';
import { scriptedDomainProbe } from './domain-probe';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  dataDir: string;
  /**
   * Mail the app has sent (embedded outbox driver), oldest first, after running the jobs that are
   * due (mail goes out through the job queue).
   */
  outbox(): ReturnType<typeof readOutbox>;
  /** Runs every background job that is due now (the test worker never polls on its own). */
  runJobs(): Promise<number>;
  /** The app's job worker (started only by tests that want it polling). */
  jobs: JobWorker;
  /** Deps as a use-case gets them (factories call modules directly with these). */
  moduleDeps(): ModuleDeps;
  /** Moves the app's clock forward (token expiry tests without sleeping). */
  advanceTime(ms: number): void;
  close(): Promise<void>;
}

const silentLogger = { info() {}, warn() {}, error() {} };

/** A complete app (real database, outbox mail, local storage) for API tests through app.inject. */
export async function createTestApp(
  overrides: Partial<AppDeps> = {},
  env: Record<string, string> = {},
  options: {
    onQuery?: QueryObserver;
    web?: BuildAppOptions['web'];
    database?: Database;
    requestTimeoutMs?: number;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sf-test-'));
  let offset = 0;
  const now = () => Date.now() + offset;
  const parsedEnv = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_URL: 'http://localhost:3000', SEED_DEMO: 'false', ...env });
  const secret = 'test-secret-test-secret-test-secret-0123456789';
  const database = options.database ?? (await createTestDatabase({ onQuery: options.onQuery }));
  const outboxDir = path.join(dataDir, 'outbox');
  const deps: AppDeps = {
    env: parsedEnv,
    database,
    mail: createOutboxDriver({ dir: outboxDir, from: parsedEnv.MAIL_FROM, logger: silentLogger }),
    storage: createLocalStorage({ dir: path.join(dataDir, 'media'), secret, now }),
    secret,
    now,
    // No test asks real DNS or the web about a custom domain.
    domainProbe: scriptedDomainProbe(),
    ...overrides,
  };
  const app = await buildApp(deps, { web: options.web, requestTimeoutMs: options.requestTimeoutMs });
  await app.ready();
  // Read through getters, so a test that swaps a service on `deps` (a failing mail server) is
  // seen by the next job run as well as the next request.
  const jobDeps = {
    ...moduleDeps(deps, silentLogger),
    get db() {
      return deps.database.db;
    },
    get mail() {
      return deps.mail;
    },
    get storage() {
      return deps.storage;
    },
    get payments() {
      return deps.payments ?? null;
    },
  } satisfies ModuleDeps;
  const jobs = createAppJobWorker(deps, jobDeps);
  const runJobs = () => jobs.runDue();
  return {
    app,
    deps,
    dataDir,
    jobs,
    runJobs,
    moduleDeps: () => moduleDeps(deps, silentLogger),
    outbox: async () => {
      await runJobs();
      return readOutbox(outboxDir);
    },
    advanceTime(ms) {
      offset += ms;
    },
    async close() {
      await jobs.stop();
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
