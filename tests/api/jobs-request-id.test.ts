import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsOf } from '../../src/server/composition/app-deps';
import { createAppJobWorker } from '../../src/server/composition/job-handlers';
import { jobs } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { recordingLog, type LogEntry } from '../helpers/job-queue';
import { nextIp, registrationBody } from '../factories/accounts';

/**
 * A request's id (X-Request-Id, or the one made for it) travels into the jobs it enqueues: stored
 * with the job, on every log line of its run, so the activation mail of a registration can be
 * traced back to the request that caused it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function register(headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/register',
    payload: registrationBody(),
    remoteAddress: nextIp(),
    headers,
  });
  expect(res.statusCode).toBe(201);
  return res;
}

/** Runs the due jobs with the app's own worker, writing its log lines into `lines`. */
function runJobsLogging(lines: LogEntry[]) {
  return createAppJobWorker(t.deps, { ...t.moduleDeps(), log: recordingLog(lines) }).runDue();
}

const queued = () => t.deps.database.db.select().from(jobs);

describe('request ids in jobs', () => {
  it("keeps a request's X-Request-Id on the job it enqueues and on every line of its run", async () => {
    await register({ 'x-request-id': 'abc-123' });
    expect(await queued()).toMatchObject([
      { name: 'accounts.mail', status: 'queued', requestId: 'abc-123' },
    ]);
    const lines: LogEntry[] = [];
    expect(await runJobsLogging(lines)).toBe(1);
    expect(lines).toContainEqual({
      level: 'info',
      obj: expect.objectContaining({ job: 'accounts.mail', reqId: 'abc-123' }),
      msg: 'job done',
    });
    expect(lines.filter((l) => (l.obj as { reqId?: string }).reqId !== 'abc-123')).toEqual([]);
    expect((await t.outbox()).at(-1)?.subject).toMatch(/activate/i);
  });

  it('gives the job the id made for a request that came without one', async () => {
    const res = await register();
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const mine = (await queued()).filter((j) => j.status === 'queued');
    expect(mine).toMatchObject([{ name: 'accounts.mail', requestId: id }]);
    await t.runJobs();
  });

  it("counts the app's job runs and the queue's depth in the instance's metrics", async () => {
    await register();
    const metrics = metricsOf(t.deps).registry;
    expect(await metrics.getSingleMetricAsString('storefront_job_queue_depth')).toContain(
      'storefront_job_queue_depth{status="queued"} 1',
    );
    const before = await metrics.getSingleMetric('storefront_job_runs_total')!.get();
    const doneBefore = before.values.find((v) => v.labels.outcome === 'done')?.value ?? 0;
    expect(await t.runJobs()).toBe(1);
    expect(await metrics.getSingleMetricAsString('storefront_job_runs_total')).toContain(
      `storefront_job_runs_total{job="accounts.mail",outcome="done"} ${doneBefore + 1}`,
    );
    expect(await metrics.getSingleMetricAsString('storefront_job_queue_depth')).toContain(
      'storefront_job_queue_depth{status="queued"} 0',
    );
  });
});
