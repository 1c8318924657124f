import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSiteByDomain } from '../../../src/server/modules/sites';
import { DOMAIN_TXT_VALUE_PREFIX } from '../../../src/shared/contracts/sites';
import { createTestApp, type TestApp } from '../../helpers/app';
import { scriptedDomainProbe } from '../../helpers/domain-probe';
import { signedInUser } from '../../factories/accounts';
import {
  domainOwner,
  mySite,
  publishProof,
  publicSite,
  putSite,
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

const TOKEN = /^[A-Za-z0-9_-]{20,}$/;

describe('setting a custom domain', () => {
  it.each([
    ['https://Shop.Example.COM:8080/x', 'shop.example.com'],
    ['  SHOP.example.net.  ', 'shop.example.net'],
    ['http://user-shop.example.org/?q=1#top', 'user-shop.example.org'],
    ['münchen.example', 'xn--mnchen-3ya.example'],
    ['https://ÉCOLE.example/', 'xn--cole-9oa.example'],
  ])('normalises %j to %j', async (typed, stored) => {
    const a = await signedInUser(t.deps, { plan: 'creator' });
    const site = siteOf(await putSite(t, a.auth, { domainName: typed }));
    expect(site.domainName).toBe(stored);
    expect(site.domain.name).toBe(stored);
  });

  it('starts pending, with a fresh url-safe token and the exact records to publish', async () => {
    const a = await signedInUser(t.deps, { plan: 'creator' });
    const { domain, domainName } = siteOf(
      await putSite(t, a.auth, { domainName: 'pending.example.com' }),
    );
    expect(domainName).toBe('pending.example.com');
    const token = domain.httpFile!.body;
    expect(token).toMatch(TOKEN);
    expect(domain).toEqual({
      name: 'pending.example.com',
      status: 'pending',
      txtRecord: {
        type: 'TXT',
        name: '_storefront-verify.pending.example.com',
        value: `storefront-verify=${token}`,
      },
      httpFile: {
        url: 'http://pending.example.com/.well-known/storefront-verify.txt',
        body: token,
      },
      target: 'www.market.example',
      verifiedAt: null,
      checkedAt: null,
      lastError: null,
      proofMissingSince: null,
      graceEndsAt: null,
      lost: null,
    });
    // Not live yet: the public site does not show it and the host does not route to it.
    expect((await publicSite(t, a.user.username)).json().domainName).toBeNull();
    expect(await findSiteByDomain(t.moduleDeps(), 'pending.example.com')).toBeUndefined();
  });

  it('keeps token and status for the same domain; a new domain gets a new token; null or "" removes it', async () => {
    const a = await domainOwner(t, 'keep.example.com');
    probe.txtRecords.set(txtName('keep.example.com'), [`${DOMAIN_TXT_VALUE_PREFIX}${a.token}`]);
    const verified = siteOf(await verifyDomain(t, a.auth)).domain;
    expect(verified.status).toBe('verified');

    const same = siteOf(
      await putSite(t, a.auth, { domainName: 'https://KEEP.example.com/' }),
    ).domain;
    expect(same).toEqual(verified);

    const moved = siteOf(await putSite(t, a.auth, { domainName: 'moved.example.com' })).domain;
    expect(moved).toMatchObject({
      name: 'moved.example.com',
      status: 'pending',
      verifiedAt: null,
      checkedAt: null,
      lastError: null,
    });
    expect(moved.httpFile!.body).toMatch(TOKEN);
    expect(moved.httpFile!.body).not.toBe(a.token);

    for (const removal of [null, '', '   ']) {
      siteOf(await putSite(t, a.auth, { domainName: 'again.example.com' }));
      const removed = siteOf(await putSite(t, a.auth, { domainName: removal }));
      expect(removed.domainName).toBeNull();
      expect(removed.domain).toMatchObject({
        name: null,
        status: 'none',
        txtRecord: null,
        httpFile: null,
      });
    }
  });

  it('lets pending claims coexist; a verified domain is one site\'s: 409 (any spelling), free once released', async () => {
    const a = await domainOwner(t, 'taken.example.com');
    const b = await signedInUser(t.deps, { plan: 'creator' });
    // A pending claim blocks nobody (docs/decisions/049).
    expect(siteOf(await putSite(t, b.auth, { domainName: 'taken.example.com' })).domain.status).toBe('pending');
    siteOf(await putSite(t, b.auth, { domainName: null }));
    publishProof(probe, 'taken.example.com', a.token);
    expect(siteOf(await verifyDomain(t, a.auth)).domain.status).toBe('verified');
    const bBefore = await mySite(t, b.auth);
    const message =
      "taken.example.com is already verified by another seller's site. If the domain is yours, take their proof out of its DNS: " +
      'their site keeps the domain for 72 hours after its proof is found gone, then loses it.';
    for (const spelling of ['taken.example.com', 'https://TAKEN.Example.com:443/shop']) {
      const res = await putSite(t, b.auth, { domainName: spelling, name: 'Not saved' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'DOMAIN_TAKEN',
        message,
        details: [{ path: ['domainName'], message }],
      });
    }
    expect(await mySite(t, b.auth)).toEqual(bBefore);
    // Two claims at once: both are pending claims, both saved.
    const c = await signedInUser(t.deps, { plan: 'creator' });
    const race = await Promise.all([
      putSite(t, b.auth, { domainName: 'race.example.com' }),
      putSite(t, c.auth, { domainName: 'race.example.com' }),
    ]);
    expect(race.map((r) => r.statusCode)).toEqual([200, 200]);

    siteOf(await putSite(t, a.auth, { domainName: null }));
    expect(siteOf(await putSite(t, b.auth, { domainName: 'taken.example.com' })).domainName).toBe(
      'taken.example.com',
    );
  });

  it.each([
    'www.market.example',
    'market.example',
    'https://Market.Example/',
    'shop.market.example',
    'a.b.www.market.example',
  ])("refuses the marketplace's own host %j", async (domainName) => {
    const a = await signedInUser(t.deps, { plan: 'creator' });
    const res = await putSite(t, a.auth, { domainName, name: 'Not saved' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'DOMAIN_NOT_ALLOWED',
      details: [{ path: ['domainName'] }],
    });
    expect(res.json().message).toMatch(
      /^[a-z.]+ belongs to this marketplace\. Use a domain you own, such as shop\.example\.com\.$/,
    );
    expect((await mySite(t, a.auth)).name).not.toBe('Not saved');
  });

  it('allows look-alike domains that are not beneath the marketplace host', async () => {
    const a = await signedInUser(t.deps, { plan: 'creator' });
    expect(siteOf(await putSite(t, a.auth, { domainName: 'mymarket.example' })).domainName).toBe(
      'mymarket.example',
    );
  });
});
