import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobQueueBench } from '../../../../../tests/helpers/job-queue';
import type { ModuleDeps } from '../deps';
import type { MailDriver, MailMessage } from '../../../adapters/mail/types';
import {
  countJobsByStatus,
  createJobWorker,
  defineJob,
  enqueueJob,
  jobRegistry,
  type JobOutcome,
} from './index';

const bench = jobQueueBench();
const { row, logged } = bench;

describe('typed jobs', () => {
  it('hands the handler the payload as its schema parsed it', async () => {
    const seen: unknown[] = [];
    const greet = defineJob(
      'greet',
      z.object({ to: z.string().trim(), loud: z.boolean().default(false) }),
      async (_d, payload) => void seen.push(payload),
    );
    await enqueueJob(bench.deps, greet, { to: '  maya ' });
    expect(await bench.worker([greet]).runDue()).toBe(1);
    expect(seen).toEqual([{ to: 'maya', loud: false }]);
  });

  it('fails a job whose stored payload does not fit its schema at once, saying why', async () => {
    // Queued by an older version whose payload had another shape.
    const before = defineJob('greet', z.object({ recipient: z.string() }), async () => {});
    let ran = false;
    const greet = defineJob('greet', z.object({ to: z.string() }), async () => void (ran = true));
    const id = await enqueueJob(bench.deps, before, { recipient: 'maya' });
    expect(await bench.worker([greet]).runDue()).toBe(1);
    expect(ran).toBe(false);
    const why =
      'invalid payload for job greet: to: Invalid input: expected string, received undefined';
    // No retries: the same payload would fail the same way ten times.
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1, lastError: why });
    const [line] = logged('error', 'job failed permanently');
    expect(line?.obj).toMatchObject({ jobId: id, job: 'greet', attempts: 1 });
  });

  it('refuses a registry with two definitions of one name', () => {
    const one = defineJob('digest', z.null(), async () => {});
    const other = defineJob('digest', z.string(), async () => {});
    const mail = defineJob('mail', z.null(), async () => {});
    expect(jobRegistry([one, mail]).get('digest')).toBe(one);
    expect(() => jobRegistry([one, mail, other])).toThrow('two job definitions are named "digest"');
  });
});

describe('request ids in jobs', () => {
  it("keeps the enqueuing request's id, logs it as reqId and passes it to the jobs a job enqueues", async () => {
    const seen: Array<string | undefined> = [];
    const child = defineJob('child', z.null(), async (d) => {
      seen.push(d.requestId);
      d.log.info({}, 'child ran');
    });
    const parent = defineJob('parent', z.null(), async (d) => {
      seen.push(d.requestId);
      d.log.warn('parent ran');
      await enqueueJob(d, child, null);
    });
    const request: ModuleDeps = { ...bench.deps, requestId: 'abc-123' };
    const id = await enqueueJob(request, parent, null);
    expect(await row(id)).toMatchObject({ requestId: 'abc-123' });
    expect(await bench.worker([parent, child]).runDue()).toBe(2);
    expect(seen).toEqual(['abc-123', 'abc-123']);
    const lines = bench.logs.map((l) => l.msg);
    expect(lines).toEqual(['parent ran', 'job done', 'child ran', 'job done']);
    expect(bench.logs.map((l) => (l.obj as { reqId?: string }).reqId)).toEqual(
      Array(4).fill('abc-123'),
    );
  });

  it('runs a job enqueued outside any request with no request id', async () => {
    const seen: Array<string | undefined> = ['unset'];
    const chore = defineJob('chore', z.null(), async (d) => void (seen[0] = d.requestId));
    const worker = bench.worker([chore]);
    const id = await enqueueJob(bench.deps, chore, null);
    await worker.runDue();
    expect(await row(id)).toMatchObject({ requestId: null });
    expect(seen).toEqual([undefined]);
    expect(logged('info', 'job done').map((l) => l.obj)).toEqual([
      expect.not.objectContaining({ reqId: expect.anything() }),
    ]);
  });
});

describe('job metrics', () => {
  it('tells the observer each run: done, retry or failed, with its duration', async () => {
    const runs: Array<[string, JobOutcome, number]> = [];
    const ok = defineJob('ok', z.null(), async () => {});
    const flaky = defineJob('flaky', z.null(), async () => {
      throw new Error('down');
    });
    const bad = defineJob('bad', z.string(), async () => {});
    const badBefore = defineJob('bad', z.number(), async () => {});
    const worker = bench.worker([ok, flaky, bad], {
      batchSize: 1,
      backoffMs: () => 0,
      onRun: (name, outcome, seconds) => void runs.push([name, outcome, seconds]),
    });
    // One after another (the queue runs the oldest due first); the retry is due right away.
    await enqueueJob(bench.deps, ok, null);
    bench.clock += 1;
    await enqueueJob(bench.deps, badBefore, 7);
    bench.clock += 1;
    await enqueueJob(bench.deps, flaky, null, { maxAttempts: 2 });
    expect(await worker.runDue()).toBe(4);
    expect(runs.map(([name, outcome]) => [name, outcome])).toEqual([
      ['ok', 'done'],
      ['bad', 'failed'],
      ['flaky', 'retry'],
      ['flaky', 'failed'],
    ]);
    expect(runs.every(([, , seconds]) => seconds >= 0 && seconds < 60)).toBe(true);
  });

  it('records the outcome even when the observer throws', async () => {
    const ok = defineJob('ok', z.null(), async () => {});
    const worker = bench.worker([ok], {
      onRun: () => {
        throw new Error('metrics broke');
      },
    });
    const id = await enqueueJob(bench.deps, ok, null);
    await worker.runDue();
    expect(await row(id)).toMatchObject({ status: 'done' });
    expect(logged('warn', 'the job run observer failed')).toHaveLength(1);
  });

  it('counts the queue by status for the depth gauge (done jobs are history)', async () => {
    const ok = defineJob('ok', z.null(), async () => {});
    const broken = defineJob('broken', z.null(), async () => {
      throw new Error('no');
    });
    const db = bench.database.db;
    expect(await countJobsByStatus(db)).toEqual({ queued: 0, running: 0, failed: 0 });
    await enqueueJob(bench.deps, ok, null);
    await enqueueJob(bench.deps, broken, null, { maxAttempts: 1 });
    await bench.worker([ok, broken]).runDue();
    await enqueueJob(bench.deps, ok, null, { runAt: new Date(bench.clock + 60_000) });
    await enqueueJob(bench.deps, ok, null);
    expect(await countJobsByStatus(db)).toEqual({ queued: 2, running: 0, failed: 1 });
  });
});

describe('mail sent by jobs', () => {
  it('carries a Message-ID made from the job, so a retried job sends the same messages again, not new ones', async () => {
    const sent: MailMessage[] = [];
    const mail: MailDriver = { name: 'outbox', send: async (m) => void sent.push(m) };
    let tries = 0;
    const message = (to: string) => ({
      to,
      subject: 'Your order is confirmed',
      text: 't',
      html: 'h',
    });
    const notify = defineJob('notify', z.null(), async (d) => {
      await d.mail.send(message('sam@example.test'));
      await d.mail.send(message('maya@example.test'));
      await d.mail.send({ ...message('leo@example.test'), messageId: '<own@example.test>' });
      // The worker died, or the SMTP server's acceptance was lost, before the job was marked done.
      if (++tries === 1) throw new Error('lost after sending');
    });
    const env = { ...bench.deps.env, MAIL_FROM: 'Shop <no-reply@shop.example>' };
    const id = await enqueueJob(bench.deps, notify, null);
    const worker = createJobWorker({
      deps: { ...bench.deps, mail, env },
      jobs: jobRegistry([notify]),
      backoffMs: () => 0,
    });
    // Backoff 0: the retry is due at once, in the same drain.
    expect(await worker.runDue()).toBe(2);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2 });
    const ids = sent.map((m) => m.messageId);
    expect(ids).toHaveLength(6);
    expect(ids.slice(3)).toEqual(ids.slice(0, 3));
    expect(new Set(ids.slice(0, 3)).size).toBe(3);
    expect(ids[0]).toMatch(new RegExp(`^<job\\.${id}\\.[\\w-]{16}@shop\\.example>$`));
    expect(ids[2]).toBe('<own@example.test>');
  });
});
