import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../../tests/helpers/database';
import { loadEnv } from '../../../config/env';
import { openPglite, type Database, type Db } from '../../../db/client';
import { jobs } from '../../../db/schema';
import type { Logger, ModuleDeps } from '../deps';
import { inTransaction } from '../transaction';
import {
  createJobWorker,
  enqueueJob,
  listJobs,
  type JobContext,
  type JobWorkerOptions,
} from './index';

type LogEntry = { level: keyof Logger; obj: unknown; msg?: string };

const START = Date.parse('2026-01-01T00:00:00Z');

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

let tmp: string;
let database: Database;
let clock: number;
let logs: LogEntry[];
let deps: ModuleDeps;

function makeDeps(db: Db): ModuleDeps {
  const record = (level: keyof Logger) => (obj: unknown, msg?: string) =>
    void logs.push({ level, obj, msg });
  return {
    db,
    env: loadEnv({ NODE_ENV: 'test', DATA_DIR: tmp, SEED_DEMO: 'false' }),
    now: () => clock,
    log: { info: record('info'), warn: record('warn'), error: record('error') },
    mail: {} as never,
    storage: {} as never,
    secret: 'x'.repeat(40),
    domainProbe: {} as never,
    payments: null,
    aiImages: {} as never,
  };
}

const worker = (opts: Partial<JobWorkerOptions> & Pick<JobWorkerOptions, 'handlers'>) =>
  createJobWorker({ deps, ...opts });

const logged = (level: keyof Logger, msg: string) =>
  logs.filter((l) => l.level === level && l.msg === msg);

async function row(id: string | null) {
  const [r] = await database.db.select().from(jobs).where(eq(jobs.id, id!));
  return r!;
}

beforeEach(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'jobs-test-'));
  database = await createTestDatabase();
  clock = START;
  logs = [];
  deps = makeDeps(database.db);
});

afterEach(async () => {
  await database.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('job queue', () => {
  it('runs an enqueued job once and marks it done, with the job on its log lines', async () => {
    const seen: Array<{ payload: unknown; job: JobContext }> = [];
    const w = worker({
      handlers: {
        greet: async (d, payload, job) => {
          seen.push({ payload, job });
          d.log.info({ step: 'sent' }, 'greeted');
        },
      },
    });
    const id = await enqueueJob(deps, 'greet', { to: 'maya', n: [1, 2] });
    expect(await w.runDue()).toBe(1);
    expect(await w.runDue()).toBe(0);
    const job = { id, name: 'greet', attempt: 1, maxAttempts: 10 };
    expect(seen).toEqual([{ payload: { to: 'maya', n: [1, 2] }, job }]);
    const done = { status: 'done', attempts: 1, lockedBy: null, finishedAt: new Date(START) };
    expect(await row(id)).toMatchObject(done);
    const line = { jobId: id, job: 'greet', step: 'sent' };
    expect(logs).toContainEqual({ level: 'info', obj: line, msg: 'greeted' });
  });

  it('retries a failing job only after its exponential backoff', async () => {
    let calls = 0;
    const w = worker({
      handlers: {
        flaky: async () => {
          if (++calls <= 2) throw new Error(`service down (${calls})`);
        },
      },
    });
    const id = await enqueueJob(deps, 'flaky', null);
    expect(await w.runDue()).toBe(1);
    const retry = { status: 'queued', attempts: 1, lastError: 'service down (1)' };
    expect(await row(id)).toMatchObject(retry);
    clock += 29_999; // default backoff after the first try: 30 s
    expect(await w.runDue()).toBe(0);
    clock += 1;
    expect(await w.runDue()).toBe(1);
    clock += 59_999; // then 60 s
    expect(await w.runDue()).toBe(0);
    clock += 1;
    expect(await w.runDue()).toBe(1);
    expect(calls).toBe(3);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 3 });
    expect(logged('warn', 'job failed; will retry')).toHaveLength(2);
  });

  it('ends failed after maxAttempts with the truncated last error listed and logged', async () => {
    const w = worker({
      handlers: {
        broken: async (_d, _p, job) => {
          throw new Error(`boom ${job.attempt} ${'x'.repeat(3000)}`);
        },
      },
      backoffMs: () => 1000,
    });
    const id = await enqueueJob(deps, 'broken', 'p', { maxAttempts: 3 });
    const orphan = await enqueueJob(deps, 'mystery', {}, { maxAttempts: 1 });
    for (let i = 0; i < 5; i++, clock += 1000) await w.runDue();
    const noHandler = { status: 'failed', lastError: 'no handler for job mystery' };
    expect(await row(orphan)).toMatchObject(noHandler);
    const failed = (await listJobs(deps, { status: 'failed' })).find((j) => j.id === id);
    expect(failed).toMatchObject({ id, status: 'failed', attempts: 3, maxAttempts: 3 });
    expect(failed!.finishedAt).toBe(new Date(START + 2000).toISOString());
    expect(failed!.lastError).toHaveLength(2000);
    expect(failed!.lastError!.startsWith('boom 3 x')).toBe(true);
    expect(logged('error', 'job failed permanently').map((l) => l.obj)).toEqual([
      expect.objectContaining({ jobId: orphan, job: 'mystery', attempts: 1 }),
      expect.objectContaining({ jobId: id, job: 'broken', attempts: 3 }),
    ]);
    expect(await listJobs(deps, { status: 'queued' })).toEqual([]);
  });

  it('enqueues with the transaction: nothing after a rollback, one job after a commit', async () => {
    await expect(
      inTransaction(deps, async (tx) => {
        await enqueueJob(tx, 'mail', { n: 1 });
        throw new Error('domain write failed');
      }),
    ).rejects.toThrow('domain write failed');
    expect(await listJobs(deps, {})).toEqual([]);
    await inTransaction(deps, (tx) => enqueueJob(tx, 'mail', { n: 2 }));
    expect(await listJobs(deps, {})).toMatchObject([{ name: 'mail', status: 'queued' }]);
  });

  it('keeps one pending job per dedupe key and frees the key once it is done', async () => {
    const w = worker({ handlers: { digest: async () => {} } });
    const first = await enqueueJob(deps, 'digest', 1, { dedupeKey: 'digest:maya' });
    expect(first).toEqual(expect.any(String));
    expect(await enqueueJob(deps, 'digest', 2, { dedupeKey: 'digest:maya' })).toBeNull();
    expect(await enqueueJob(deps, 'digest', 3, { dedupeKey: 'digest:leo' })).not.toBeNull();
    await w.runDue();
    const again = await enqueueJob(deps, 'digest', 4, { dedupeKey: 'digest:maya' });
    expect(again).not.toBeNull();
    expect(again).not.toBe(first);
  });

  it('re-claims a running job whose lease expired, never one whose lease is live', async () => {
    const gate = deferred();
    const started = deferred();
    const a = worker({
      workerId: 'a',
      leaseMs: 60_000,
      handlers: {
        slow: async () => {
          started.resolve();
          await gate.promise;
          throw new Error('late failure from the worker that lost its lease');
        },
      },
    });
    const runs: JobContext[] = [];
    const b = worker({ workerId: 'b', handlers: { slow: async (_d, _p, j) => void runs.push(j) } });
    const id = await enqueueJob(deps, 'slow', {});
    const aRun = a.runDue();
    await started.promise;
    expect(await row(id)).toMatchObject({ status: 'running', lockedBy: 'a' });
    clock += 60_000; // exactly at the lease end: still a's
    expect(await b.runDue()).toBe(0);
    clock += 1;
    expect(await b.runDue()).toBe(1);
    expect(runs).toEqual([expect.objectContaining({ id, attempt: 2 })]);
    gate.resolve();
    await aRun;
    // a's late outcome must not overwrite b's.
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    expect(logs.some((l) => l.msg?.startsWith('job lease lost'))).toBe(true);
  });

  it('runs each of 20 jobs exactly once with two workers draining concurrently', async () => {
    const counts = new Map<string, number>();
    const handlers = {
      count: async (_d: ModuleDeps, _p: unknown, job: JobContext) =>
        void counts.set(job.id, (counts.get(job.id) ?? 0) + 1),
    };
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, n) => enqueueJob(deps, 'count', { n })),
    );
    const [ranA, ranB] = await Promise.all([
      worker({ workerId: 'a', batchSize: 3, handlers }).runDue(),
      worker({ workerId: 'b', batchSize: 3, handlers }).runDue(),
    ]);
    expect(ranA + ranB).toBe(20);
    expect([...counts.keys()].sort()).toEqual([...ids].sort());
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    expect(await listJobs(deps, { status: 'done', limit: 200 })).toHaveLength(20);
  });

  it('keeps a job across a restart of a file-backed database', async () => {
    const dataDir = path.join(tmp, 'restart');
    const first = await openPglite(dataDir);
    const id = await enqueueJob(makeDeps(first.db), 'mail', { to: 'sam' });
    await first.close();
    const reopened = await openPglite(dataDir);
    try {
      const payloads: unknown[] = [];
      const w = createJobWorker({
        deps: makeDeps(reopened.db),
        handlers: { mail: async (_d, p) => void payloads.push(p) },
      });
      expect(await w.runDue()).toBe(1);
      expect(payloads).toEqual([{ to: 'sam' }]);
      expect((await listJobs({ db: reopened.db }, {}))[0]).toMatchObject({ id, status: 'done' });
    } finally {
      await reopened.close();
    }
  });

  /** Started, with its first poll (which would find any job enqueued meanwhile) behind it. */
  async function idleStartedWorker(handlers: JobWorkerOptions['handlers']) {
    const polled = deferred();
    const w = createJobWorker({
      deps: { ...deps, now: () => (polled.resolve(), clock) },
      pollIntervalMs: 3_600_000, // so only a signal can wake it within the test
      handlers,
    });
    w.start();
    await polled.promise;
    await w.runDue(); // queued behind that first poll: when it returns, the worker is idle
    return w;
  }

  it('wakes a started worker on enqueue and on a committed inTransaction, without a poll', async () => {
    let ran = deferred<unknown>();
    const w = await idleStartedWorker({ ping: async (_d, p) => ran.resolve(p) });
    try {
      await enqueueJob(deps, 'ping', 'direct');
      expect(await ran.promise).toBe('direct');
      await w.runDue(); // idle again, so only the commit's signal can run the next one
      ran = deferred<unknown>();
      await inTransaction(deps, (tx) => enqueueJob(tx, 'ping', 'tx'));
      expect(await ran.promise).toBe('tx');
    } finally {
      await w.stop();
    }
  });

  it('logs a database error while polling and keeps polling', async () => {
    const warned = deferred();
    const ran = deferred();
    let down = true;
    const refuse = () => {
      down = false;
      throw new Error('connection refused');
    };
    const db = new Proxy(database.db, {
      get: (target, key, receiver) =>
        key === 'update' && down ? refuse : Reflect.get(target, key, receiver),
    });
    const warn = (_obj: unknown, msg?: string) =>
      void (msg === 'job polling failed' && warned.resolve());
    const w = createJobWorker({
      deps: { ...deps, db, log: { ...deps.log, warn } },
      pollIntervalMs: 3_600_000,
      handlers: { ping: async () => ran.resolve() },
    });
    try {
      w.start();
      await warned.promise;
      await enqueueJob(deps, 'ping', null);
      await ran.promise;
    } finally {
      await w.stop();
    }
  });

  it('stop() waits for the running handler and its outcome', async () => {
    const gate = deferred();
    const started = deferred();
    const w = worker({ handlers: { slow: () => (started.resolve(), gate.promise) } });
    const id = await enqueueJob(deps, 'slow', null);
    w.start();
    await started.promise;
    let stopped = false;
    const stopping = w.stop().then(() => (stopped = true));
    await new Promise((r) => setImmediate(r)); // a turn for stop() to (wrongly) resolve early
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(await row(id)).toMatchObject({ status: 'done' });
  });
});
