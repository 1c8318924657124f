import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../src/server/db/client';
import { openPostgres } from '../../src/server/db/postgres';
import { silentLog, type ModuleDeps } from '../../src/server/modules/core/deps';
import {
  createJobWorker,
  defineJob,
  enqueueJob,
  jobRegistry,
  listJobs,
} from '../../src/server/modules/core/jobs';
import { queueDeps } from '../helpers/job-queue';

/**
 * Real PostgreSQL only (`*.pg.test.ts` run in the PostgreSQL pass): several app instances, each
 * with its own connection pool, share one queue. PGlite has a single connection, so only here do
 * claims truly race and FOR UPDATE SKIP LOCKED has to keep them apart.
 */
describe('job queue on PostgreSQL with several instances', () => {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `t_${randomBytes(6).toString('hex')}`;
  let admin: pg.Client;
  let instanceA: Database;
  let instanceB: Database;

  const depsFor = (database: Database): ModuleDeps =>
    queueDeps(database.db, {
      dataDir: tmpdir(),
      now: () => Date.parse('2026-01-01T00:00:00Z'),
      log: silentLog,
    });

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    // One after the other: the second open finds the migrations applied and does nothing.
    // The final force-drop kills connections still closing: expected, hence the silent handlers.
    instanceA = await openPostgres(url.toString(), { onConnectionError: () => {} });
    instanceB = await openPostgres(url.toString(), { onConnectionError: () => {} });
  });

  afterAll(async () => {
    await instanceA?.close();
    await instanceB?.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('runs each of 50 jobs exactly once across three concurrent workers on two pools', async () => {
    const runs = new Map<string, string[]>();
    const countOn = (workerId: string) =>
      defineJob('count', z.object({ n: z.number() }), async (deps, _payload, job) => {
        runs.set(job.id, [...(runs.get(job.id) ?? []), workerId]);
        // A round trip per job keeps the workers' claims interleaving.
        await deps.db.execute(sql`select 1`);
      });
    const worker = (database: Database, workerId: string) =>
      createJobWorker({
        deps: depsFor(database),
        workerId,
        batchSize: 4,
        jobs: jobRegistry([countOn(workerId)]),
      });

    const depsA = depsFor(instanceA);
    const ids = await Promise.all(
      Array.from({ length: 50 }, (_, n) => enqueueJob(depsA, countOn('enqueuer'), { n })),
    );
    const ran = await Promise.all([
      worker(instanceA, 'a1').runDue(),
      worker(instanceB, 'b1').runDue(),
      worker(instanceA, 'a2').runDue(),
    ]);

    expect(ran.reduce((sum, n) => sum + n, 0)).toBe(50);
    expect([...runs.keys()].sort()).toEqual([...ids].sort());
    for (const [id, by] of runs) expect({ id, by: by.length }).toEqual({ id, by: 1 });
    const done = await listJobs(depsFor(instanceB), { status: 'done', limit: 200 });
    expect(done).toHaveLength(50);
    expect(done.every((j) => j.attempts === 1)).toBe(true);
  });

  it('lets one enqueue win when two instances race on the same dedupe key', async () => {
    const digest = defineJob('digest', z.string(), async () => {});
    const results = await Promise.all([
      enqueueJob(depsFor(instanceA), digest, 'a', { dedupeKey: 'digest:race' }),
      enqueueJob(depsFor(instanceB), digest, 'b', { dedupeKey: 'digest:race' }),
    ]);
    expect(results.filter((id) => id !== null)).toHaveLength(1);
    const queued = await listJobs(depsFor(instanceA), { status: 'queued' });
    expect(queued.filter((j) => j.name === 'digest')).toHaveLength(1);
  });
});
