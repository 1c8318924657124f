import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { scriptedDomainProbe } from '../../helpers/domain-probe';
import { signedInUser } from '../../factories/accounts';
import { mySite, publishProof, putSite, siteOf, verifyDomain } from '../sites/site-helpers';

/**
 * Issue 23, "domain squatting": maya set `domainName: "victim-shop.test"`, never proved it, and
 * leo — or the domain's real owner — got 409 DOMAIN_TAKEN. A claim no longer blocks anyone; the
 * real owner proves control and maya's claim is dropped (docs/decisions/049).
 */
const probe = scriptedDomainProbe();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ domainProbe: probe }, { APP_URL: 'https://www.market.example' });
});
afterAll(() => t?.close());

describe('an unproved claim cannot squat a domain', () => {
  it("the real owner claims and verifies a domain another seller claimed first; the squatter's claim goes", async () => {
    const squatter = await signedInUser(t.deps, { plan: 'creator' });
    siteOf(await putSite(t, squatter.auth, { domainName: 'victim-shop.test' }));

    const owner = await signedInUser(t.deps, { plan: 'creator' });
    const claimed = await putSite(t, owner.auth, { domainName: 'victim-shop.test' });
    expect(claimed.statusCode).toBe(200);
    const { domain } = siteOf(claimed);
    expect(domain).toMatchObject({ name: 'victim-shop.test', status: 'pending' });

    publishProof(probe, 'victim-shop.test', domain.httpFile!.body);
    expect(siteOf(await verifyDomain(t, owner.auth)).domain.status).toBe('verified');
    expect((await mySite(t, squatter.auth)).domain).toMatchObject({
      name: null,
      lost: { name: 'victim-shop.test', reason: 'claimed_by_another' },
    });
  });
});
