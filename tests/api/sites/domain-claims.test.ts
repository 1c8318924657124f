import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sites } from '../../../src/server/db/schema';
import { findSiteByDomain } from '../../../src/server/modules/sites';
import { uniqueViolation } from '../../../src/server/modules/core';
import { createTestApp, type TestApp } from '../../helpers/app';
import { scriptedDomainProbe } from '../../helpers/domain-probe';
import { signedInUser } from '../../factories/accounts';
import { freshAuth } from '../../helpers/member-calls';
import {
  domainOwner,
  mySite,
  publishProof,
  putSite,
  recordChanges,
  siteOf,
  txtName,
  verifyDomain,
} from './site-helpers';

/** Claims don't block; proof decides (docs/decisions/049). Runs on PGlite and PostgreSQL. */
const probe = scriptedDomainProbe();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ domainProbe: probe }, { APP_URL: 'https://www.market.example' });
});
afterAll(() => t?.close());

const HOUR = 3600_000;
const mailsTo = async (email: string) => (await t.outbox()).filter((m) => m.to === email);

describe('pending claims', () => {
  it('any number of sellers may claim one domain, in any spelling, at once', async () => {
    const owners = await Promise.all([1, 2, 3].map(() => signedInUser(t.deps, { plan: 'creator' })));
    const answers = await Promise.all(
      owners.map((o, i) =>
        putSite(t, o.auth, { domainName: i === 1 ? 'https://Shared.Example.com/' : 'shared.example.com' }),
      ),
    );
    for (const res of answers) expect(siteOf(res).domain).toMatchObject({ name: 'shared.example.com', status: 'pending' });
    // Each claim has its own token: publishing one proves only that claim.
    expect(new Set(answers.map((r) => siteOf(r).domain.httpFile!.body)).size).toBe(3);
  });
});

describe('the first to verify gets the domain', () => {
  it('drops every other claim, with a note in each editor and a mail', async () => {
    const winner = await domainOwner(t, 'contested.example.com');
    const losers = [await domainOwner(t, 'contested.example.com'), await domainOwner(t, 'contested.example.com')];
    const bystander = await domainOwner(t, 'other.example.com');
    publishProof(probe, 'contested.example.com', winner.token);

    const won = siteOf(await verifyDomain(t, winner.auth));
    expect(won.domain).toMatchObject({ name: 'contested.example.com', status: 'verified', lost: null });
    expect((await findSiteByDomain(t.moduleDeps(), 'contested.example.com'))?.username).toBe(winner.user.username);

    for (const loser of losers) {
      const { domain } = await mySite(t, loser.auth);
      expect(domain).toMatchObject({
        name: null,
        status: 'none',
        txtRecord: null,
        lost: { name: 'contested.example.com', reason: 'claimed_by_another', at: won.domain.verifiedAt },
      });
      const mails = await mailsTo(loser.user.email);
      expect(mails.map((m) => m.subject)).toEqual(['contested.example.com was verified by another seller']);
      expect(mails[0]!.text).toContain('your pending claim on it was removed');
      expect(mails[0]!.text).toContain('https://www.market.example/edit-page');
    }
    expect((await mySite(t, bystander.auth)).domain).toMatchObject({ name: 'other.example.com', lost: null });
    expect(await mailsTo(bystander.user.email)).toEqual([]);
    expect(await mailsTo(winner.user.email)).toEqual([]);

    // Claiming it again is refused while it is verified; another domain clears the note.
    const again = await putSite(t, losers[0]!.auth, { domainName: 'contested.example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('DOMAIN_TAKEN');
    expect(siteOf(await putSite(t, losers[0]!.auth, { domainName: 'mine.example.com' })).domain.lost).toBeNull();
  });

  it('two verifications at once: one wins, the other gets a 409 (never a 500)', async () => {
    const a = await domainOwner(t, 'race-verify.example.com');
    const b = await domainOwner(t, 'race-verify.example.com');
    // Both proofs published: each could verify alone.
    probe.txtRecords.set(txtName('race-verify.example.com'), [
      `storefront-verify=${a.token}`,
      `storefront-verify=${b.token}`,
    ]);
    const answers = await Promise.all([verifyDomain(t, a.auth), verifyDomain(t, b.auth)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((r) => r.statusCode === 409)!;
    expect(lost.json()).toMatchObject({
      code: 'DOMAIN_TAKEN',
      message: expect.stringMatching(/^race-verify\.example\.com is already verified by another seller's site\./),
    });
    const [siteA, siteB] = [await mySite(t, a.auth), await mySite(t, b.auth)];
    expect([siteA.domain.status, siteB.domain.status].sort()).toEqual(['none', 'verified']);
  });

  it('the database holds a verified domain to one site, whatever the case', async () => {
    const a = await domainOwner(t, 'unique.example.com');
    const b = await domainOwner(t, 'unique.example.com');
    const db = t.deps.database.db;
    await db.update(sites).set({ domainVerifiedAt: new Date() }).where(eq(sites.userId, a.user.id));
    const second = db
      .update(sites)
      .set({ domainName: 'UNIQUE.example.com', domainVerifiedAt: new Date() })
      .where(eq(sites.userId, b.user.id));
    const err = await second.then(
      () => null,
      (e: unknown) => e,
    );
    expect(uniqueViolation(err)).not.toBeNull();
    // Pending claims on it are still fine.
    const claims = await db
      .select({ id: sites.id })
      .from(sites)
      .where(sql`lower(${sites.domainName}) = 'unique.example.com'`);
    expect(claims).toHaveLength(2);
  });
});

describe('a verified domain whose proof disappears', () => {
  it('is kept for 72 hours; a check within them keeps it and clears the mark', async () => {
    const a = await domainOwner(t, 'grace.example.com');
    publishProof(probe, 'grace.example.com', a.token);
    siteOf(await verifyDomain(t, a.auth));
    probe.txtRecords.delete(txtName('grace.example.com'));
    const missing = siteOf(await verifyDomain(t, a.auth)).domain;
    expect(missing).toMatchObject({ status: 'verified', proofMissingSince: missing.checkedAt });
    const mails = await mailsTo(a.user.email);
    expect(mails.map((m) => m.subject)).toEqual(['The proof for grace.example.com is missing']);
    expect(mails[0]!.text).toContain('Your page keeps answering on grace.example.com until');

    t.advanceTime(71 * HOUR);
    const auth = await freshAuth(t, a.user);
    publishProof(probe, 'grace.example.com', a.token);
    const kept = siteOf(await verifyDomain(t, auth)).domain;
    expect(kept).toMatchObject({ status: 'verified', proofMissingSince: null, graceEndsAt: null, lastError: null });
    // The re-check queued for the old grace end finds the proof and changes nothing.
    t.advanceTime(2 * HOUR);
    await t.runJobs();
    expect((await mySite(t, await freshAuth(t, a.user))).domain).toMatchObject({ status: 'verified', proofMissingSince: null });
    expect((await findSiteByDomain(t.moduleDeps(), 'grace.example.com'))?.username).toBe(a.user.username);
  });

  it('is lost once 72 hours pass without the proof: the queued re-check ends it and tells the owner', async () => {
    const a = await domainOwner(t, 'lapsed.example.com');
    publishProof(probe, 'lapsed.example.com', a.token);
    siteOf(await verifyDomain(t, a.auth));
    probe.txtRecords.delete(txtName('lapsed.example.com'));
    const { graceEndsAt } = siteOf(await verifyDomain(t, a.auth)).domain;

    t.advanceTime(71 * HOUR);
    await t.runJobs();
    expect((await mySite(t, await freshAuth(t, a.user))).domain).toMatchObject({ status: 'verified', graceEndsAt });

    t.advanceTime(HOUR);
    const changes = recordChanges(t);
    try {
      await t.runJobs();
      expect(changes.take()).toEqual([{ kind: 'site', userIds: [a.user.id] }]);
    } finally {
      changes.stop();
    }
    const auth = await freshAuth(t, a.user);
    const { domain } = await mySite(t, auth);
    expect(domain).toMatchObject({
      name: 'lapsed.example.com',
      status: 'pending',
      proofMissingSince: null,
      lost: { name: 'lapsed.example.com', reason: 'proof_missing' },
    });
    expect(await findSiteByDomain(t.moduleDeps(), 'lapsed.example.com')).toBeUndefined();
    const subjects = (await mailsTo(a.user.email)).map((m) => m.subject);
    expect(subjects).toEqual(['The proof for lapsed.example.com is missing', 'lapsed.example.com no longer shows your page']);

    // Now anyone may prove it; the first to do so gets it.
    const b = await domainOwner(t, 'lapsed.example.com');
    publishProof(probe, 'lapsed.example.com', b.token);
    expect(siteOf(await verifyDomain(t, b.auth)).domain.status).toBe('verified');
    expect((await mySite(t, auth)).domain).toMatchObject({
      name: null,
      lost: { name: 'lapsed.example.com', reason: 'claimed_by_another' },
    });
  });

  it('is not lost while the proof cannot be looked at: the re-check tries again', async () => {
    const a = await domainOwner(t, 'outage.example.com');
    publishProof(probe, 'outage.example.com', a.token);
    siteOf(await verifyDomain(t, a.auth));
    probe.txtRecords.delete(txtName('outage.example.com'));
    siteOf(await verifyDomain(t, a.auth));
    t.advanceTime(72 * HOUR);
    probe.fail.txt = new Error('queryTxt ETIMEOUT');
    try {
      await t.runJobs();
    } finally {
      probe.fail = {};
    }
    expect((await mySite(t, await freshAuth(t, a.user))).domain.status).toBe('verified');
  });

  it("a claim on a verified domain has the holder's proof checked again", async () => {
    const holder = await domainOwner(t, 'held.example.com');
    publishProof(probe, 'held.example.com', holder.token);
    siteOf(await verifyDomain(t, holder.auth));
    probe.txtRecords.delete(txtName('held.example.com'));

    const realOwner = await signedInUser(t.deps, { plan: 'creator' });
    expect((await putSite(t, realOwner.auth, { domainName: 'held.example.com' })).statusCode).toBe(409);
    await t.runJobs();
    const { domain } = await mySite(t, holder.auth);
    expect(domain.status).toBe('verified');
    expect(domain.proofMissingSince).not.toBeNull();
  });
});
