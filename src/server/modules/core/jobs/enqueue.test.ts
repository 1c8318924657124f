import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobQueueBench, QUEUE_START as START } from '../../../../../tests/helpers/job-queue';
import { inTransaction } from '../transaction';
import { defineJob, enqueueJob, enqueueJobs, jobEntry, listJobs } from './index';

const bench = jobQueueBench();
const mail = defineJob('mail', z.object({ to: z.string() }), async () => {});
const later = defineJob('later', z.null(), async () => {});
const HOUR = 3600_000;

describe('enqueueing', () => {
  it('writes several jobs with their own options in one statement, with the transaction', async () => {
    const runAt = new Date(START + 7 * 24 * HOUR);
    const ids = await inTransaction(bench.deps, (tx) =>
      enqueueJobs(tx, [
        jobEntry(mail, { to: 'maya' }, { dedupeKey: 'mail:maya' }),
        jobEntry(later, null, { runAt, maxAttempts: 3 }),
        jobEntry(mail, { to: 'leo' }),
      ]),
    );
    expect(ids).toHaveLength(3);
    const rows = await Promise.all(ids.map((id) => bench.row(id)));
    expect(rows.map((r) => [r.name, r.payload, r.dedupeKey, r.maxAttempts])).toEqual(
      expect.arrayContaining([
        ['mail', { to: 'maya' }, 'mail:maya', 10],
        ['later', null, null, 3],
        ['mail', { to: 'leo' }, null, 10],
      ]),
    );
    const deferredJob = rows.find((r) => r.name === 'later')!;
    expect(deferredJob.runAt.getTime()).toBe(runAt.getTime());
    expect(rows.find((r) => r.dedupeKey)!.runAt.getTime()).toBe(START);
    expect(rows.every((r) => r.createdAt.getTime() === START && r.status === 'queued')).toBe(true);
  });

  it('leaves out a job whose key is pending, also a second one with the same key in the batch', async () => {
    await enqueueJob(bench.deps, mail, { to: 'maya' }, { dedupeKey: 'mail:maya' });
    const ids = await enqueueJobs(bench.deps, [
      jobEntry(mail, { to: 'maya' }, { dedupeKey: 'mail:maya' }),
      jobEntry(mail, { to: 'leo' }, { dedupeKey: 'mail:leo' }),
      jobEntry(mail, { to: 'leo' }, { dedupeKey: 'mail:leo' }),
    ]);
    expect(ids).toHaveLength(1);
    expect((await bench.row(ids[0]!)).payload).toEqual({ to: 'leo' });
    expect(await listJobs(bench.deps, {})).toHaveLength(2);
  });

  it('leaves out a job whose key was enqueued within its quiet period, even when that one is done', async () => {
    const w = bench.worker([mail]);
    const quiet = { dedupeKey: 'mail:maya', quietPeriodMs: 24 * HOUR };
    expect(await enqueueJob(bench.deps, mail, { to: 'maya' }, quiet)).not.toBeNull();
    await w.runDue();
    bench.clock = START + 23 * HOUR;
    const [inBatch] = await enqueueJobs(bench.deps, [jobEntry(mail, { to: 'maya' }, quiet)]);
    expect(inBatch).toBeUndefined();
    expect(await enqueueJob(bench.deps, mail, { to: 'maya' }, quiet)).toBeNull();
    // Without a quiet period the key only has to be free (the first job is done).
    expect(
      await enqueueJob(bench.deps, mail, { to: 'maya' }, { dedupeKey: 'mail:maya' }),
    ).not.toBeNull();
    await w.runDue();
    bench.clock = START + 25 * HOUR;
    // 25 h after the first, 2 h after the second: the second keeps it quiet.
    expect(
      await enqueueJob(bench.deps, mail, { to: 'maya' }, { ...quiet, quietPeriodMs: 3 * HOUR }),
    ).toBeNull();
    expect(await enqueueJob(bench.deps, mail, { to: 'maya' }, quiet)).toBeNull();
    bench.clock = START + 48 * HOUR;
    expect(await enqueueJob(bench.deps, mail, { to: 'maya' }, quiet)).not.toBeNull();
  });

  it('refuses a maxAttempts that is not a positive integer, enqueueing none of the batch', async () => {
    await expect(
      enqueueJobs(bench.deps, [
        jobEntry(mail, { to: 'a' }),
        jobEntry(mail, { to: 'b' }, { maxAttempts: 0 }),
      ]),
    ).rejects.toThrow(RangeError);
    expect(await listJobs(bench.deps, {})).toEqual([]);
  });
});
