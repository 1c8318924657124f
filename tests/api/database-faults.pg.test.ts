import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { openPostgres } from '../../src/server/db/postgres';
import { isDatabaseUnavailable } from '../../src/server/db/faults';
import { createTestApp, type TestApp } from '../helpers/app';
import { throwawayPostgres } from '../helpers/database';
import { inject, signedInUser } from '../factories/accounts';
import { createProduct } from '../factories/catalog';

/**
 * Connections cut under the app (docs/decisions/038), as a failover or an operator's
 * pg_terminate_backend does, on a throwaway database of the test server: no process ends, every
 * answer is a success or a 503 with Retry-After (never a 500), and the app carries on.
 */
let throwaway: Awaited<ReturnType<typeof throwawayPostgres>>;
let database: Database;
let t: TestApp;
let admin: pg.Client;
const lost: Error[] = [];

beforeAll(async () => {
  throwaway = await throwawayPostgres();
  database = await openPostgres(throwaway.url, { onConnectionError: (err) => lost.push(err) });
  t = await createTestApp({}, {}, { database });
  admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await admin?.end();
  await throwaway?.drop();
});

/** Ends every session of the app's database (its pool's connections): how many it ended. */
async function killConnections(): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [new URL(throwaway.url).pathname.slice(1)],
  );
  return rows[0]!.n;
}

/** A success, or the 503 of a database away that says when to come back. */
const acceptable = (res: LightMyRequestResponse) =>
  (res.statusCode >= 200 && res.statusCode < 300) ||
  (res.statusCode === 503 &&
    res.headers['retry-after'] === '5' &&
    res.json().code === 'DB_UNAVAILABLE');

describe('connections killed under the app', () => {
  it('inside a transaction, between two statements: the transaction fails, the process and pool go on', async () => {
    const reported = lost.length;
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // The connection is checked out of the pool and idle: its 'error' event has only the
      // listener every client gets (client.ts); without it the process would end here.
      expect(await killConnections()).toBeGreaterThan(0);
      await expect.poll(() => lost.length).toBeGreaterThan(reported);
      await tx.execute(sql`select 1`);
    });
    await expect(transaction).rejects.toSatisfy(isDatabaseUnavailable);
    expect(await database.ping()).toBe(true);
  });

  it('under load with transactions: every answer 2xx or 503 + Retry-After, then all 2xx again', async () => {
    const seller = await signedInUser(t.deps);
    const posts = await Promise.all([1, 2, 3].map(() => createProduct(t, seller.user)));
    const workers = 30;
    const perWorker = 12;
    // One member per worker, so no two toggles of one like race each other (a conflict of its own).
    const members = await Promise.all(Array.from({ length: workers }, () => signedInUser(t.deps)));
    type Member = (typeof members)[number];
    const calls: ((member: Member, i: number) => Promise<LightMyRequestResponse>)[] = [
      () => inject(t, { url: `/api/v1/sites?username=${seller.user.username}` }),
      (_, i) => inject(t, { url: `/api/v1/products/${posts[i % 3]!._id}` }),
      (member, i) =>
        inject(t, {
          method: 'POST',
          url: '/api/v1/products/like',
          headers: member.auth,
          payload: { id: posts[i % 3]!._id },
        }),
      (member) =>
        inject(t, {
          method: 'POST',
          url: '/api/v1/users/follow',
          headers: member.auth,
          payload: { id: seller.user.id },
        }),
      (member) => inject(t, { url: '/api/v1/users/me', headers: member.auth }),
    ];

    // Every 40 answers, every connection of the pool is killed: mid-query, mid-transaction or idle.
    const answers: LightMyRequestResponse[] = [];
    const kills: Promise<number>[] = [];
    const answered = (res: LightMyRequestResponse) => {
      answers.push(res);
      if (answers.length % 40 === 0 && kills.length < 6) kills.push(killConnections());
    };
    await Promise.all(
      members.map(async (member, w) => {
        for (let i = 0; i < perWorker; i++)
          answered(await calls[(w + i) % calls.length]!(member, i));
      }),
    );
    const ended = (await Promise.all(kills)).reduce((a, b) => a + b, 0);

    const wrong = answers.filter((res) => !acceptable(res));
    expect(wrong.map((res) => `${res.statusCode} ${res.body.slice(0, 300)}`)).toEqual([]);
    expect(answers).toHaveLength(workers * perWorker);
    expect(ended).toBeGreaterThan(0);
    expect(lost.length).toBeGreaterThan(0);
    const unavailable = answers.filter((res) => res.statusCode === 503).length;
    expect(unavailable).toBeGreaterThan(0);

    // Back to normal at once: the broken connections were discarded, not handed out again.
    for (let i = 0; i < 20; i++) {
      const res = await calls[i % calls.length]!(members[i]!, i);
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    // And no connection is left checked out by a request long answered (a leak that, repeated,
    // would leave the pool with nothing to hand out).
    const pool = database.poolStats!();
    expect(pool.total).toBeLessThanOrEqual(10);
    expect(pool).toMatchObject({ idle: pool.total, waiting: 0 });
  });
});
