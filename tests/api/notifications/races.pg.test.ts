import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, jobs } from '../../../src/server/db/schema';
import { inTransaction } from '../../../src/server/modules/core';
import { digestJob, notify } from '../../../src/server/modules/notifications';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/accounts';
import { mailsTo, passBatchWindow, recordEvent, unmailed } from '../../factories/notifications';

/**
 * Real PostgreSQL only: notify() calls in other transactions race the digest job, which PGlite's
 * single connection never lets happen.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const db = () => t.deps.database.db;
const member = async () => (await createUser(t.deps)).user;
const digestJobsOf = (userId: string) =>
  db()
    .select()
    .from(jobs)
    .where(
      and(eq(jobs.name, digestJob.name), like(jobs.dedupeKey, `${digestJob.name}:${userId}%`)),
    );

/** Sessions of this database waiting for an advisory lock. */
async function waitingForAdvisoryLock(): Promise<number> {
  const result = await db().execute(
    sql`select count(*)::int as n from pg_locks
        where locktype = 'advisory' and not granted
          and database = (select oid from pg_database where datname = current_database())`,
  );
  const rows = (result as unknown as { rows: { n: number }[] }).rows;
  return rows[0]!.n;
}

describe('notify() racing the digest on PostgreSQL', () => {
  it('a digest waits for a notify() that counted on it, then mails its event too', async () => {
    const maya = await member();
    const sam = await member();
    const leo = await member();
    await db()
      .insert(follows)
      .values([
        { followerId: sam.id, followeeId: maya.id },
        { followerId: leo.id, followeeId: maya.id },
      ]);
    await recordEvent(t, { userId: maya.id, kind: 'new_follower', actorId: sam.id });
    passBatchWindow(t);

    // leo's follow is written but not committed: its notify() saw the queued digest and relied on it.
    const inside = deferred();
    const gate = deferred();
    const writer = inTransaction(t.moduleDeps(), async (tx) => {
      await notify(tx, { userId: maya.id, kind: 'new_follower', actorId: leo.id });
      inside.resolve();
      await gate.promise;
    });
    await inside.promise;
    expect(await digestJobsOf(maya.id)).toHaveLength(1);

    // The digest is claimed and waits on the member's lock instead of reading without leo.
    const run = t.runJobs();
    await expect.poll(waitingForAdvisoryLock).toBe(1);
    gate.resolve();
    await writer;
    await run;

    const [mail, ...more] = await mailsTo(t, maya.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain(`${sam.name} started following you.`);
    expect(mail!.text).toContain(`${leo.name} started following you.`);
    expect(await unmailed(t, maya.id)).toEqual([]);
  });

  it('parallel events of one member schedule one digest and arrive in one mail', async () => {
    const maya = await member();
    const followers = await Promise.all(Array.from({ length: 8 }, () => member()));
    await db()
      .insert(follows)
      .values(followers.map((f) => ({ followerId: f.id, followeeId: maya.id })));
    await Promise.all(
      followers.map((f) =>
        recordEvent(t, { userId: maya.id, kind: 'new_follower', actorId: f.id }),
      ),
    );
    expect(await digestJobsOf(maya.id)).toHaveLength(1);
    passBatchWindow(t);
    const [mail, ...more] = await mailsTo(t, maya.email);
    expect(more).toEqual([]);
    expect(mail!.text.match(/started following you\./g)).toHaveLength(8);
  });
});
