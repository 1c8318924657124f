import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSiteByDomain } from '../../../src/server/modules/sites';
import { DOMAIN_TXT_VALUE_PREFIX } from '../../../src/shared/contracts/sites';
import { createTestApp, type TestApp } from '../../helpers/app';
import { scriptedDomainProbe } from '../../helpers/domain-probe';
import { inject, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import {
  domainOwner,
  httpUrl,
  mySite,
  publicSite,
  putSite,
  recordChanges,
  siteOf,
  txtName,
  verifyDomain,
} from './site-helpers';

const probe = scriptedDomainProbe();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ domainProbe: probe }, { APP_URL: 'https://www.market.example' });
});
afterAll(() => t?.close());

describe('POST /sites/domain/verify', () => {
  it('needs a domain first', async () => {
    const a = await signedInUser(t.deps, { plan: 'creator' });
    const res = await verifyDomain(t, a.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'DOMAIN_NOT_SET',
      message: 'Set a custom domain first.',
    });
  });

  it('stays pending without the proof, recording the exact record to create', async () => {
    const a = await domainOwner(t, 'missing.example.com');
    t.advanceTime(1000);
    const { domain } = siteOf(await verifyDomain(t, a.auth));
    expect(domain.status).toBe('pending');
    expect(domain.checkedAt).not.toBeNull();
    expect(domain.lastError).toBe(
      'No TXT record was found at _storefront-verify.missing.example.com, and ' +
        'http://missing.example.com/.well-known/storefront-verify.txt did not answer with the token. ' +
        `Create a TXT record named _storefront-verify.missing.example.com with the value storefront-verify=${a.token} ` +
        '(DNS changes can take up to an hour to appear), or serve the text ' +
        `${a.token} at http://missing.example.com/.well-known/storefront-verify.txt, then check again.`,
    );
    expect(probe.asked).toEqual(
      expect.arrayContaining([txtName('missing.example.com'), httpUrl('missing.example.com')]),
    );
  });

  it('quotes a TXT record that holds something else (printable, shortened)', async () => {
    const a = await domainOwner(t, 'wrong.example.com');
    probe.txtRecords.set(txtName('wrong.example.com'), [
      `storefront-verify=old-token\u0007${'x'.repeat(80)}`,
    ]);
    probe.httpFiles.set(httpUrl('wrong.example.com'), 'not the token');
    const { domain } = siteOf(await verifyDomain(t, a.auth));
    expect(domain.status).toBe('pending');
    expect(domain.lastError).toMatch(
      /^The TXT record at _storefront-verify\.wrong\.example\.com holds "storefront-verify=old-tokenx+…" instead of the token, and /,
    );
  });

  it('verifies by the TXT record: the domain goes live and the change is announced', async () => {
    const a = await domainOwner(t, 'txt.example.com');
    await createProduct(t, a.user, { title: 'On my domain' });
    probe.txtRecords.set(txtName('txt.example.com'), [
      'v=spf1 -all',
      ` ${DOMAIN_TXT_VALUE_PREFIX}${a.token} `,
    ]);
    const changes = recordChanges(t);
    try {
      const site = siteOf(await verifyDomain(t, a.auth));
      expect(site.domain).toMatchObject({ status: 'verified', lastError: null });
      expect(site.domain.verifiedAt).toBe(site.domain.checkedAt);
      expect(changes.take()).toEqual([{ kind: 'site', userIds: [a.user.id] }]);
    } finally {
      changes.stop();
    }
    expect((await publicSite(t, a.user.username)).json().domainName).toBe('txt.example.com');
    expect((await findSiteByDomain(t.moduleDeps(), 'txt.example.com'))?.username).toBe(
      a.user.username,
    );
    const posts = await inject(t, { url: '/api/v1/products/domain/TXT.example.com' });
    expect(posts.json()).toMatchObject({ recordsCount: 1, products: [{ title: 'On my domain' }] });
  });

  it('verifies by the served file (whitespace around the token is fine)', async () => {
    const a = await domainOwner(t, 'file.example.com');
    probe.httpFiles.set(httpUrl('file.example.com'), `\n${a.token}\r\n`);
    expect(siteOf(await verifyDomain(t, a.auth)).domain.status).toBe('verified');
  });

  it('keeps a verified domain whose proof is gone for the grace period; a new domain starts over and leaves the old host', async () => {
    const a = await domainOwner(t, 'gone.example.com');
    probe.txtRecords.set(txtName('gone.example.com'), [`${DOMAIN_TXT_VALUE_PREFIX}${a.token}`]);
    expect(siteOf(await verifyDomain(t, a.auth)).domain.status).toBe('verified');
    probe.txtRecords.delete(txtName('gone.example.com'));
    const changes = recordChanges(t);
    try {
      const { domain } = siteOf(await verifyDomain(t, a.auth));
      // Still served (nothing public changed), with the date it must be proved again by.
      expect(domain).toMatchObject({ status: 'verified', proofMissingSince: domain.checkedAt });
      expect(Date.parse(domain.graceEndsAt!) - Date.parse(domain.checkedAt!)).toBe(72 * 3600_000);
      expect(domain.lastError).toMatch(/^No TXT record was found/);
      expect(changes.take()).toEqual([]);
    } finally {
      changes.stop();
    }
    expect((await publicSite(t, a.user.username)).json().domainName).toBe('gone.example.com');
    siteOf(await putSite(t, a.auth, { domainName: 'next.example.com' }));
    expect((await publicSite(t, a.user.username)).json().domainName).toBeNull();
    expect(await findSiteByDomain(t.moduleDeps(), 'gone.example.com')).toBeUndefined();
  });

  it('answers 503 with a sentence when DNS cannot be asked, records it and keeps the status', async () => {
    const a = await domainOwner(t, 'flaky.example.com');
    probe.txtRecords.set(txtName('flaky.example.com'), [`${DOMAIN_TXT_VALUE_PREFIX}${a.token}`]);
    expect(siteOf(await verifyDomain(t, a.auth)).domain.status).toBe('verified');
    probe.fail.txt = Object.assign(new Error('queryTxt ECONNRESET'), { code: 'ECONNRESET' });
    try {
      const res = await verifyDomain(t, a.auth);
      expect(res.statusCode).toBe(503);
      const message =
        'We could not look up the DNS records of flaky.example.com just now. Please try again in a few minutes.';
      expect(res.json()).toMatchObject({ code: 'DOMAIN_CHECK_FAILED', message });
      const { domain } = await mySite(t, a.auth);
      expect(domain).toMatchObject({ status: 'verified', lastError: message });

      // The served file still proves it while DNS is down.
      probe.httpFiles.set(httpUrl('flaky.example.com'), a.token);
      expect(siteOf(await verifyDomain(t, a.auth)).domain).toMatchObject({
        status: 'verified',
        lastError: null,
      });
    } finally {
      probe.fail = {};
    }
    const b = await domainOwner(t, 'flaky-http.example.com');
    probe.fail.http = new Error('socket hang up');
    try {
      const res = await verifyDomain(t, b.auth);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        `We could not reach ${httpUrl('flaky-http.example.com')} just now. Please try again in a few minutes.`,
      );
      expect((await mySite(t, b.auth)).domain.status).toBe('pending');
    } finally {
      probe.fail = {};
    }
  });

  it('limits checks per account (20 an hour)', async () => {
    const a = await domainOwner(t, 'limit.example.com');
    for (let i = 0; i < 20; i++) expect((await verifyDomain(t, a.auth)).statusCode).toBe(200);
    const limited = await verifyDomain(t, a.auth);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
