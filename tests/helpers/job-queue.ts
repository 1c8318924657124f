import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach } from 'vitest';
import { loadEnv } from '../../src/server/config/env';
import type { Database, Db } from '../../src/server/db/client';
import { jobs } from '../../src/server/db/schema';
import type { Logger, ModuleDeps } from '../../src/server/modules/core';
import {
  createJobWorker,
  jobRegistry,
  type JobDefinition,
  type JobWorkerOptions,
} from '../../src/server/modules/core/jobs';
import { createTestDatabase } from './database';

export type LogEntry = { level: keyof Logger; obj: unknown; msg?: string };

export const QUEUE_START = Date.parse('2026-01-01T00:00:00Z');

export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A logger that keeps every line in `into`. */
export function recordingLog(into: LogEntry[]): Logger {
  const record = (level: keyof Logger) => (obj: unknown, msg?: string) =>
    void into.push({ level, obj, msg });
  return { info: record('info'), warn: record('warn'), error: record('error') };
}

/**
 * The job queue's unit-test bench, fresh for each test: a migrated database, a clock that only
 * moves when the test moves it, the log lines written, and module deps over them.
 */
/**
 * Module deps with only what the job queue touches (the database, a clock, a log): the services a
 * job handler would call are absent, so a test that needs one says so.
 */
export function queueDeps(
  db: Db,
  opts: { dataDir: string; now: () => number; log: Logger },
): ModuleDeps {
  return {
    db,
    env: loadEnv({ NODE_ENV: 'test', DATA_DIR: opts.dataDir, SEED_DEMO: 'false' }),
    now: opts.now,
    log: opts.log,
    mail: {} as never,
    storage: {} as never,
    secret: 'x'.repeat(40),
    domainProbe: {} as never,
    payments: null,
    aiImages: {} as never,
  };
}

export function jobQueueBench() {
  let tmp: string;
  const bench = {
    database: undefined as unknown as Database,
    clock: QUEUE_START,
    logs: [] as LogEntry[],
    deps: undefined as unknown as ModuleDeps,
    /** Module deps over `db` with the bench's clock and log (a second database, a proxy). */
    makeDeps(db: Db): ModuleDeps {
      return queueDeps(db, { dataDir: tmp, now: () => bench.clock, log: recordingLog(bench.logs) });
    },
    /** A worker over the bench's deps running `definitions`. */
    worker(
      definitions: readonly JobDefinition[],
      opts: Partial<Omit<JobWorkerOptions, 'jobs'>> = {},
    ) {
      return createJobWorker({ deps: bench.deps, jobs: jobRegistry(definitions), ...opts });
    },
    async row(id: string | null) {
      const [r] = await bench.database.db.select().from(jobs).where(eq(jobs.id, id!));
      return r!;
    },
    logged: (level: keyof Logger, msg: string) =>
      bench.logs.filter((l) => l.level === level && l.msg === msg),
    get tmp() {
      return tmp;
    },
  };

  beforeEach(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'jobs-test-'));
    bench.database = await createTestDatabase();
    bench.clock = QUEUE_START;
    bench.logs = [];
    bench.deps = bench.makeDeps(bench.database.db);
  });

  afterEach(async () => {
    await bench.database.close();
    await rm(tmp, { recursive: true, force: true });
  });

  return bench;
}
