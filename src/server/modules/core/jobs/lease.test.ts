import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { deferred, jobQueueBench } from '../../../../../tests/helpers/job-queue';
import { DEFAULT_LEASE_MS, createJobWorker, defineJob, enqueueJob, jobRegistry } from './index';

/**
 * The lease heartbeat, with both clocks in the test's hands: the queue's (`bench.clock`, what
 * leases are written and compared with) and the heartbeat's interval timer (faked, so a beat
 * happens exactly when the test advances it, and never for a worker the test treats as dead).
 */
const bench = jobQueueBench();
const { row, logged } = bench;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A job whose run lasts until the test says, on a worker of its own. */
function heldJob(workerId: string, opts: { heartbeatMs?: number } = {}) {
  const started = deferred();
  const release = deferred();
  const attempts: number[] = [];
  const job = defineJob('long', z.null(), async (_d, _p, context) => {
    attempts.push(context.attempt);
    started.resolve();
    await release.promise;
  });
  const worker = bench.worker([job], { workerId, ...opts });
  return { job, worker, started: started.promise, release: () => release.resolve(), attempts };
}

const leaseEnd = async (id: string | null) => (await row(id)).lockedUntil?.getTime();

describe('job lease heartbeat', () => {
  it('a lease is 30 s, renewed every 10 s: a live worker keeps a job that runs far longer', async () => {
    expect(DEFAULT_LEASE_MS).toBe(30_000);
    const a = heldJob('a');
    const b = heldJob('b');
    const id = await enqueueJob(bench.deps, a.job, null);
    const aRun = a.worker.runDue();
    await a.started;
    expect(await leaseEnd(id)).toBe(bench.clock + 30_000);
    // A minute of work, twice the lease: each beat moves the lease to 30 s past its time.
    for (let beat = 1; beat <= 6; beat++) {
      bench.clock += 10_000;
      await vi.advanceTimersByTimeAsync(10_000);
      await expect.poll(() => leaseEnd(id)).toBe(bench.clock + 30_000);
      expect(await b.worker.runDue()).toBe(0);
    }
    a.release();
    await aRun;
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null });
    expect(a.attempts).toEqual([1]);
    expect(b.attempts).toEqual([]);
    expect(vi.getTimerCount()).toBe(0); // the beat stopped with the batch
  });

  it('a job whose worker died (no heartbeat) runs again on another once 30 s have passed', async () => {
    const dead = heldJob('dead');
    const b = heldJob('b');
    const id = await enqueueJob(bench.deps, dead.job, null);
    void dead.worker.runDue(); // killed mid-job: its timers never fire again
    await dead.started;
    bench.clock += 30_000; // the lease's last moment: still the dead worker's
    expect(await b.worker.runDue()).toBe(0);
    bench.clock += 1;
    const bRun = b.worker.runDue();
    await b.started;
    expect(b.attempts).toEqual([2]);
    expect(await row(id)).toMatchObject({ status: 'running', lockedBy: 'b', attempts: 2 });
    b.release();
    await bRun;
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it("a stalled worker's late beat neither takes back nor extends the new owner's lease", async () => {
    const stalled = heldJob('stalled', { heartbeatMs: 10_000 });
    const b = heldJob('b', { heartbeatMs: 25_000 });
    const id = await enqueueJob(bench.deps, stalled.job, null);
    const stalledRun = stalled.worker.runDue();
    await stalled.started;
    bench.clock += 30_001; // it missed its beats (a frozen event loop): the lease ran out
    const bRun = b.worker.runDue();
    await b.started;
    const bLease = await leaseEnd(id);
    await vi.advanceTimersByTimeAsync(10_000); // the stalled worker beats again; b does not yet
    await expect
      .poll(() => logged('warn', 'job lease lost while running; another worker may run it too'))
      .toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'running', lockedBy: 'b', attempts: 2 });
    expect(await leaseEnd(id)).toBe(bLease);
    b.release();
    await bRun;
    stalled.release();
    await stalledRun;
    // The late finisher's outcome is discarded: b's run is the one recorded.
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
    expect(logged('warn', 'job lease lost before it finished; outcome discarded')).toHaveLength(1);
  });

  it('refuses a heartbeat that would not renew the lease in time', () => {
    const jobs = jobRegistry([]);
    expect(() =>
      createJobWorker({ deps: bench.deps, jobs, leaseMs: 1000, heartbeatMs: 1000 }),
    ).toThrow(RangeError);
    expect(() => createJobWorker({ deps: bench.deps, jobs, heartbeatMs: 0 })).toThrow(RangeError);
  });
});
