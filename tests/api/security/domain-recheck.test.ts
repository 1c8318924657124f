import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { jobs, sites } from '../../../src/server/db/schema';
import { scheduleRecurringJobs } from '../../../src/server/composition/job-handlers';
import { findSiteByDomain, sweptCheckDelayMs } from '../../../src/server/modules/sites';
import type { UserRow } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { scriptedDomainProbe } from '../../helpers/domain-probe';
import { freshAuth } from '../../helpers/member-calls';
import {
  domainOwner,
  mySite,
  publishProof,
  siteOf,
  txtName,
  verifyDomain,
} from '../sites/site-helpers';

/**
 * Issue 23: a seller whose proof disappears (the domain was sold, the record deleted) loses the
 * domain after the grace period — found by the daily check, without anyone asking
 * (docs/decisions/049). The app clock moves with advanceTime; runJobs runs what is due.
 */
const probe = scriptedDomainProbe();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ domainProbe: probe }, { APP_URL: 'https://www.market.example' });
});
afterAll(() => t?.close());

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** The owner's domain as their editor gets it (a new session: the clock moves days at a time). */
const domainOf = async (user: UserRow) => (await mySite(t, await freshAuth(t, user))).domain;
const subjectsTo = async (email: string) =>
  (await t.outbox()).filter((m) => m.to === email).map((m) => m.subject);

/** The user's daily checks still to run (queued or running), as stored. */
async function pendingDailyChecks(userId: string) {
  return t.deps.database.db
    .select({ payload: jobs.payload, dedupeKey: jobs.dedupeKey, runAt: jobs.runAt })
    .from(jobs)
    .where(
      and(
        eq(jobs.name, 'sites.domain-recheck'),
        sql`${jobs.payload}->>'userId' = ${userId}`,
        sql`${jobs.payload}->>'round' is not null`,
        sql`${jobs.status} in ('queued', 'running')`,
      ),
    );
}

/** A seller whose site holds `domain` verified, its proof published. */
async function verifiedOwner(domain: string) {
  const owner = await domainOwner(t, domain);
  publishProof(probe, domain, owner.token);
  expect(siteOf(await verifyDomain(t, owner.auth)).domain.status).toBe('verified');
  return owner;
}

describe('the daily check of every verified domain', () => {
  it('finds a proof that disappeared without anyone asking: 72 hours of grace, then the domain is lost', async () => {
    const a = await verifiedOwner('sold.example.com');
    const [first] = await pendingDailyChecks(a.user.id);
    expect(first!.runAt.getTime() - t.deps.now!()).toBeGreaterThan(DAY - HOUR);
    probe.txtRecords.delete(txtName('sold.example.com'));

    // Not found before the check runs: nobody asked.
    t.advanceTime(DAY - HOUR);
    await t.runJobs();
    expect((await domainOf(a.user)).proofMissingSince).toBeNull();

    t.advanceTime(HOUR);
    await t.runJobs();
    const missing = await domainOf(a.user);
    expect(missing).toMatchObject({ status: 'verified', proofMissingSince: missing.checkedAt });
    expect(Date.parse(missing.graceEndsAt!) - Date.parse(missing.proofMissingSince!)).toBe(
      72 * HOUR,
    );
    expect(await subjectsTo(a.user.email)).toEqual(['The proof for sold.example.com is missing']);

    // Served through the grace period, the daily checks meanwhile changing nothing.
    for (let day = 1; day < 3; day++) {
      t.advanceTime(DAY);
      await t.runJobs();
      expect(await domainOf(a.user)).toMatchObject({
        status: 'verified',
        graceEndsAt: missing.graceEndsAt,
      });
      expect((await findSiteByDomain(t.moduleDeps(), 'sold.example.com'))?.username).toBe(
        a.user.username,
      );
    }

    t.advanceTime(DAY);
    await t.runJobs();
    expect(await domainOf(a.user)).toMatchObject({
      name: 'sold.example.com',
      status: 'pending',
      lost: { name: 'sold.example.com', reason: 'proof_missing' },
    });
    expect(await findSiteByDomain(t.moduleDeps(), 'sold.example.com')).toBeUndefined();
    expect(await subjectsTo(a.user.email)).toEqual([
      'The proof for sold.example.com is missing',
      'sold.example.com no longer shows your page',
    ]);
    // Nothing left to check daily; proving it again starts one daily check, no more.
    expect(await pendingDailyChecks(a.user.id)).toHaveLength(0);
    publishProof(probe, 'sold.example.com', a.token);
    expect(siteOf(await verifyDomain(t, await freshAuth(t, a.user))).domain.status).toBe(
      'verified',
    );
    expect(await pendingDailyChecks(a.user.id)).toHaveLength(1);
  });

  it('keeps a domain whose proof stays, with exactly one daily check pending at any time', async () => {
    const a = await verifiedOwner('steady.example.com');
    let lastChecked = (await domainOf(a.user)).checkedAt;
    for (let day = 1; day <= 5; day++) {
      expect(await pendingDailyChecks(a.user.id)).toHaveLength(1);
      // The owner's own checks do not start another chain.
      if (day === 3) siteOf(await verifyDomain(t, await freshAuth(t, a.user)));
      t.advanceTime(DAY);
      probe.asked.length = 0;
      await t.runJobs();
      expect(probe.asked).toContain(txtName('steady.example.com'));
      const domain = await domainOf(a.user);
      expect(domain).toMatchObject({
        status: 'verified',
        proofMissingSince: null,
        lastError: null,
      });
      expect(domain.checkedAt).not.toBe(lastChecked);
      lastChecked = domain.checkedAt;
    }
    const pending = await pendingDailyChecks(a.user.id);
    expect(pending).toHaveLength(1);
    expect(pending[0]!.payload).toMatchObject({ domain: 'steady.example.com' });
    expect(await subjectsTo(a.user.email)).toEqual([]);
  });

  it('neither starts the grace period nor loses the domain while DNS cannot be asked', async () => {
    const a = await verifiedOwner('outage-daily.example.com');
    probe.fail.txt = Object.assign(
      new Error('queryTxt ETIMEOUT _storefront.outage-daily.example.com'),
      {
        code: 'ETIMEOUT',
      },
    );
    try {
      for (let day = 1; day <= 5; day++) {
        t.advanceTime(DAY);
        await t.runJobs();
        const domain = await domainOf(a.user);
        expect(domain).toMatchObject({ status: 'verified', proofMissingSince: null, lost: null });
        expect(domain.lastError).toContain('could not look up the DNS records');
        expect(await pendingDailyChecks(a.user.id)).toHaveLength(1);
      }
    } finally {
      probe.fail = {};
    }
    expect(await subjectsTo(a.user.email)).toEqual([]);
    expect((await findSiteByDomain(t.moduleDeps(), 'outage-daily.example.com'))?.username).toBe(
      a.user.username,
    );
    // DNS answers again: the next daily check finds the proof and clears the reason.
    t.advanceTime(DAY);
    await t.runJobs();
    expect(await domainOf(a.user)).toMatchObject({ status: 'verified', lastError: null });
  });

  it('starts for domains verified before daily checks existed, once across instances and restarts', async () => {
    // Verified the old way: no daily check was ever queued for them, and the first one's proof is
    // gone since.
    const legacyOwners = [];
    for (const domain of ['legacy.example.com', 'legacy-2.example.com', 'legacy-3.example.com']) {
      const owner = await domainOwner(t, domain);
      legacyOwners.push(owner);
      await t.deps.database.db
        .update(sites)
        .set({ domainVerifiedAt: new Date(t.deps.now!() - 30 * DAY) })
        .where(eq(sites.userId, owner.user.id));
    }
    const legacy = legacyOwners[0];
    const current = await verifiedOwner('current.example.com');
    // A day on, its chain is at its other round: the sweep must see that one too.
    t.advanceTime(DAY);
    await t.runJobs();
    expect((await pendingDailyChecks(current.user.id)).map((j) => j.payload)).toMatchObject([
      { round: 1 },
    ]);
    expect(await pendingDailyChecks(legacy!.user.id)).toHaveLength(0);

    // Two instances start (and one restarts) the same day: one sweep.
    await scheduleRecurringJobs(t.moduleDeps());
    await scheduleRecurringJobs(t.moduleDeps());
    const sweeps = () =>
      t.deps.database.db
        .select({ status: jobs.status, runAt: jobs.runAt })
        .from(jobs)
        .where(eq(jobs.name, 'sites.domain-sweep'));
    expect(await sweeps()).toHaveLength(1);
    await t.runJobs();
    await scheduleRecurringJobs(t.moduleDeps());
    const after = await sweeps();
    // Today's ran and queued tomorrow's; the restart added none.
    expect(after.map((s) => s.status).sort()).toEqual(['done', 'queued']);

    expect(await pendingDailyChecks(legacy!.user.id)).toHaveLength(1);
    expect(await pendingDailyChecks(current.user.id)).toHaveLength(1);
    // Found together, checked apart: each first check lands where its site's id puts it in the
    // coming day (not all at the same minute, a day after the sweep).
    const sweptAt = t.deps.now!();
    for (const owner of legacyOwners) {
      const [site] = await t.deps.database.db
        .select({ id: sites.id })
        .from(sites)
        .where(eq(sites.userId, owner.user.id));
      const [check] = await pendingDailyChecks(owner.user.id);
      const expected = sweptAt + sweptCheckDelayMs(site!.id);
      expect(Math.abs(check!.runAt.getTime() - expected)).toBeLessThan(60_000);
    }

    t.advanceTime(DAY);
    await t.runJobs();
    expect(await domainOf(legacy!.user)).toMatchObject({ status: 'verified' });
    expect((await domainOf(legacy!.user)).proofMissingSince).not.toBeNull();
    expect(await pendingDailyChecks(legacy!.user.id)).toHaveLength(1);
    expect(await pendingDailyChecks(current.user.id)).toHaveLength(1);
    // Tomorrow's sweep ran too, found nothing missing, and queued the next day's.
    const later = await sweeps();
    expect(later.map((s) => s.status).sort()).toEqual(['done', 'done', 'queued']);
  });
});
