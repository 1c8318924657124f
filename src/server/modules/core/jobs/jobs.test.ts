import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  deferred,
  jobQueueBench,
  QUEUE_START as START,
} from '../../../../../tests/helpers/job-queue';
import { openPglite } from '../../../db/client';
import { inTransaction } from '../transaction';
import {
  createJobWorker,
  defineJob,
  enqueueJob,
  jobRegistry,
  listJobs,
  type JobContext,
} from './index';

const bench = jobQueueBench();
const { row, logged } = bench;

/** A job that does nothing, for tests about the queue rather than the work. */
const noop = (name: string) => defineJob(name, z.unknown(), async () => {});

describe('job queue', () => {
  it('runs an enqueued job once and marks it done, with the job on its log lines', async () => {
    const seen: Array<{ payload: unknown; job: JobContext }> = [];
    const greet = defineJob(
      'greet',
      z.object({ to: z.string(), n: z.array(z.number()) }),
      async (d, payload, job) => {
        seen.push({ payload, job });
        d.log.info({ step: 'sent' }, 'greeted');
      },
    );
    const w = bench.worker([greet]);
    const id = await enqueueJob(bench.deps, greet, { to: 'maya', n: [1, 2] });
    expect(await w.runDue()).toBe(1);
    expect(await w.runDue()).toBe(0);
    const job = { id, name: 'greet', attempt: 1, maxAttempts: 10 };
    expect(seen).toEqual([{ payload: { to: 'maya', n: [1, 2] }, job }]);
    const done = { status: 'done', attempts: 1, lockedBy: null, finishedAt: new Date(START) };
    expect(await row(id)).toMatchObject(done);
    const line = { jobId: id, job: 'greet', step: 'sent' };
    expect(bench.logs).toContainEqual({ level: 'info', obj: line, msg: 'greeted' });
    const doneLine = { jobId: id, job: 'greet', attempts: 1, ms: expect.any(Number) };
    expect(logged('info', 'job done').map((l) => l.obj)).toEqual([doneLine]);
  });

  it('retries a failing job only after its exponential backoff', async () => {
    let calls = 0;
    const flaky = defineJob('flaky', z.null(), async () => {
      if (++calls <= 2) throw new Error(`service down (${calls})`);
    });
    const w = bench.worker([flaky]);
    const id = await enqueueJob(bench.deps, flaky, null);
    expect(await w.runDue()).toBe(1);
    const retry = { status: 'queued', attempts: 1, lastError: 'service down (1)' };
    expect(await row(id)).toMatchObject(retry);
    bench.clock += 29_999; // default backoff after the first try: 30 s
    expect(await w.runDue()).toBe(0);
    bench.clock += 1;
    expect(await w.runDue()).toBe(1);
    bench.clock += 59_999; // then 60 s
    expect(await w.runDue()).toBe(0);
    bench.clock += 1;
    expect(await w.runDue()).toBe(1);
    expect(calls).toBe(3);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 3 });
    expect(logged('warn', 'job failed; will retry')).toHaveLength(2);
  });

  it('ends failed after maxAttempts with the truncated last error listed and logged', async () => {
    const broken = defineJob('broken', z.string(), async (_d, _p, job) => {
      throw new Error(`boom ${job.attempt} ${'x'.repeat(3000)}`);
    });
    const w = bench.worker([broken], { backoffMs: () => 1000 });
    const id = await enqueueJob(bench.deps, broken, 'p', { maxAttempts: 3 });
    const orphan = await enqueueJob(bench.deps, noop('mystery'), {}, { maxAttempts: 1 });
    for (let i = 0; i < 5; i++, bench.clock += 1000) await w.runDue();
    const noHandler = { status: 'failed', lastError: 'no handler for job mystery' };
    expect(await row(orphan)).toMatchObject(noHandler);
    const failed = (await listJobs(bench.deps, { status: 'failed' })).find((j) => j.id === id);
    expect(failed).toMatchObject({ id, status: 'failed', attempts: 3, maxAttempts: 3 });
    expect(failed!.finishedAt).toBe(new Date(START + 2000).toISOString());
    expect(failed!.lastError).toHaveLength(2000);
    expect(failed!.lastError!.startsWith('boom 3 x')).toBe(true);
    expect(logged('error', 'job failed permanently').map((l) => l.obj)).toEqual([
      expect.objectContaining({ jobId: orphan, job: 'mystery', attempts: 1 }),
      expect.objectContaining({ jobId: id, job: 'broken', attempts: 3 }),
    ]);
    expect(await listJobs(bench.deps, { status: 'queued' })).toEqual([]);
  });

  it('enqueues with the transaction: nothing after a rollback, one job after a commit', async () => {
    const mail = noop('mail');
    await expect(
      inTransaction(bench.deps, async (tx) => {
        await enqueueJob(tx, mail, { n: 1 });
        throw new Error('domain write failed');
      }),
    ).rejects.toThrow('domain write failed');
    expect(await listJobs(bench.deps, {})).toEqual([]);
    await inTransaction(bench.deps, (tx) => enqueueJob(tx, mail, { n: 2 }));
    expect(await listJobs(bench.deps, {})).toMatchObject([{ name: 'mail', status: 'queued' }]);
  });

  it('keeps one pending job per dedupe key and frees the key once it is done', async () => {
    const digest = defineJob('digest', z.number(), async () => {});
    const w = bench.worker([digest]);
    const first = await enqueueJob(bench.deps, digest, 1, { dedupeKey: 'digest:maya' });
    expect(first).toEqual(expect.any(String));
    expect(await enqueueJob(bench.deps, digest, 2, { dedupeKey: 'digest:maya' })).toBeNull();
    expect(await enqueueJob(bench.deps, digest, 3, { dedupeKey: 'digest:leo' })).not.toBeNull();
    await w.runDue();
    const again = await enqueueJob(bench.deps, digest, 4, { dedupeKey: 'digest:maya' });
    expect(again).not.toBeNull();
    expect(again).not.toBe(first);
  });

  it('re-claims a running job whose lease expired, never one whose lease is live', async () => {
    const gate = deferred();
    const started = deferred();
    const slowOnA = defineJob('slow', z.object({}), async () => {
      started.resolve();
      await gate.promise;
      throw new Error('late failure from the worker that lost its lease');
    });
    const a = bench.worker([slowOnA], { workerId: 'a', leaseMs: 60_000 });
    const runs: JobContext[] = [];
    const slowOnB = defineJob('slow', z.object({}), async (_d, _p, j) => void runs.push(j));
    const b = bench.worker([slowOnB], { workerId: 'b' });
    const id = await enqueueJob(bench.deps, slowOnA, {});
    const aRun = a.runDue();
    await started.promise;
    expect(await row(id)).toMatchObject({ status: 'running', lockedBy: 'a' });
    bench.clock += 60_000; // exactly at the lease end: still a's
    expect(await b.runDue()).toBe(0);
    bench.clock += 1;
    expect(await b.runDue()).toBe(1);
    expect(runs).toEqual([expect.objectContaining({ id, attempt: 2 })]);
    gate.resolve();
    await aRun;
    // a's late outcome must not overwrite b's.
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    expect(bench.logs.some((l) => l.msg?.startsWith('job lease lost'))).toBe(true);
  });

  it('runs each of 20 jobs exactly once with two workers draining concurrently', async () => {
    const counts = new Map<string, number>();
    const count = defineJob('count', z.object({ n: z.number() }), async (_d, _p, job) => {
      counts.set(job.id, (counts.get(job.id) ?? 0) + 1);
    });
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, n) => enqueueJob(bench.deps, count, { n })),
    );
    const [ranA, ranB] = await Promise.all([
      bench.worker([count], { workerId: 'a', batchSize: 3 }).runDue(),
      bench.worker([count], { workerId: 'b', batchSize: 3 }).runDue(),
    ]);
    expect(ranA + ranB).toBe(20);
    expect([...counts.keys()].sort()).toEqual([...ids].sort());
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    expect(await listJobs(bench.deps, { status: 'done', limit: 200 })).toHaveLength(20);
  });

  it('keeps a job across a restart of a file-backed database', async () => {
    const dataDir = path.join(bench.tmp, 'restart');
    const payloads: unknown[] = [];
    const mail = defineJob('mail', z.object({ to: z.string() }), async (_d, p) => {
      payloads.push(p);
    });
    const first = await openPglite(dataDir);
    const id = await enqueueJob(bench.makeDeps(first.db), mail, { to: 'sam' });
    await first.close();
    const reopened = await openPglite(dataDir);
    try {
      const w = createJobWorker({ deps: bench.makeDeps(reopened.db), jobs: jobRegistry([mail]) });
      expect(await w.runDue()).toBe(1);
      expect(payloads).toEqual([{ to: 'sam' }]);
      expect((await listJobs({ db: reopened.db }, {}))[0]).toMatchObject({ id, status: 'done' });
    } finally {
      await reopened.close();
    }
  });

  it('wakes a started worker on enqueue and on a committed inTransaction, without a poll', async () => {
    let ran = deferred<unknown>();
    const ping = defineJob('ping', z.string(), async (_d, p) => ran.resolve(p));
    const polled = deferred();
    const w = createJobWorker({
      deps: { ...bench.deps, now: () => (polled.resolve(), bench.clock) },
      jobs: jobRegistry([ping]),
      pollIntervalMs: 3_600_000, // so only a signal can wake it within the test
    });
    w.start();
    try {
      await polled.promise;
      await w.runDue(); // queued behind that first poll: when it returns, the worker is idle
      await enqueueJob(bench.deps, ping, 'direct');
      expect(await ran.promise).toBe('direct');
      await w.runDue(); // idle again, so only the commit's signal can run the next one
      ran = deferred<unknown>();
      await inTransaction(bench.deps, (tx) => enqueueJob(tx, ping, 'tx'));
      expect(await ran.promise).toBe('tx');
    } finally {
      await w.stop();
    }
  });

  it('logs a database outage while polling once, keeps polling, and says when it works again', async () => {
    const resumed = deferred();
    const ran = deferred();
    const ping = defineJob('ping', z.null(), async () => ran.resolve());
    let refusals = 5;
    const refuse = () => {
      refusals -= 1;
      throw new Error('connection refused');
    };
    const db = new Proxy(bench.database.db, {
      get: (target, key, receiver) =>
        key === 'update' && refusals > 0 ? refuse : Reflect.get(target, key, receiver),
    });
    const lines: Array<[string, unknown]> = [];
    const record = (level: string) => (obj: unknown, msg?: string) => {
      if (msg?.startsWith('job polling')) lines.push([`${level}: ${msg}`, obj]);
      if (msg === 'job polling resumed') resumed.resolve();
    };
    await enqueueJob(bench.deps, ping, null);
    const w = createJobWorker({
      deps: {
        ...bench.deps,
        db,
        log: { ...bench.deps.log, warn: record('warn'), info: record('info') },
      },
      jobs: jobRegistry([ping]),
      // Polls back to back, so the outage is five failed polls in a row.
      pollIntervalMs: 1,
    });
    try {
      w.start();
      await ran.promise;
      await resumed.promise;
    } finally {
      await w.stop();
    }
    expect(lines.map(([line]) => line)).toEqual([
      'warn: job polling failed',
      'info: job polling resumed',
    ]);
    expect(lines[1]![1]).toMatchObject({ failedPolls: 5 });
  });

  it('stop() waits for the running handler and its outcome', async () => {
    const gate = deferred();
    const started = deferred();
    const slow = defineJob('slow', z.null(), () => (started.resolve(), gate.promise));
    const w = bench.worker([slow]);
    const id = await enqueueJob(bench.deps, slow, null);
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
