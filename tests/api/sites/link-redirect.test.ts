import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, siteLinkClicks } from '../../../src/server/db/schema';
import { postPath } from '../../../src/shared/post-path';
import { createTestApp, type TestApp } from '../../helpers/app';
import { cookiesOf, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { BROWSER_UA, follow, linkCalls, verifiedDomain } from './link-helpers';

/** GET /l/{linkId}: the counted redirect (issue 25, docs/decisions/065). */
let t: TestApp;
const calls = linkCalls(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const seller = (plan?: 'creator') => signedInUser(t.deps, { accountType: 'seller', plan });

/** Counted clicks of a link, all days together, straight from the table. */
async function counted(linkId: string): Promise<number> {
  const rows = await t.deps.database.db
    .select({ count: siteLinkClicks.count })
    .from(siteLinkClicks)
    .where(eq(siteLinkClicks.linkId, linkId));
  return rows.reduce((sum, r) => sum + r.count, 0);
}

describe('GET /l/{id}: where a live link goes', () => {
  it('answers 302 to the URL, counts one click per request, sets no cookie', async () => {
    const a = await seller();
    const site = await calls.save(a.auth, [{ title: 'Shop', url: 'https://example.com/shop?ref=bio' }]);
    const id = site.links[0]!._id;
    const res = await follow(t, id);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://example.com/shop?ref=bio');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await counted(id)).toBe(1);
    await follow(t, id);
    await follow(t, id.toUpperCase());
    expect(await counted(id)).toBe(3);
    expect((await calls.mine(a.auth)).links[0]!.clicks).toEqual({ last7: 3, last30: 3 });
    // The public view never shows counts.
    expect((await calls.shown(a.user.username)).links[0]).not.toHaveProperty('clicks');
  });

  it('sends a post link to the post’s address and a tag link to the seller’s tag page', async () => {
    const a = await seller();
    const post = await createProduct(t, a.user, { title: 'Blue vase', _tags: ['vases'] });
    const site = await calls.save(a.auth, [
      { title: 'The vase', postId: post._id },
      { title: 'Vases', tag: 'vases' },
      { title: 'Mail', url: 'mailto:hi@example.com' },
    ]);
    const [postLink, tagLink, mail] = site.links;
    const [row] = await t.deps.database.db
      .select({ shortId: products.shortId })
      .from(products)
      .where(eq(products.id, post._id));
    expect((await follow(t, postLink!._id)).headers.location).toBe(
      `${postPath(a.user.username, { title: 'Blue vase', shortId: row!.shortId })}?link=${postLink!._id}`,
    );
    expect((await follow(t, tagLink!._id)).headers.location).toBe(
      `/${a.user.username}/products/tags/vases?link=${tagLink!._id}`,
    );
    expect((await follow(t, mail!._id)).headers.location).toBe('mailto:hi@example.com');
    // A post taken down (a draft again) takes its link down with it.
    await t.deps.database.db.update(products).set({ status: 'draft' }).where(eq(products.id, post._id));
    expect((await follow(t, postLink!._id)).statusCode).toBe(404);
    expect((await calls.shown(a.user.username)).links.map((l) => l.title)).toEqual(['Vases', 'Mail']);
  });

  it('answers 404 for links turned off, not started, ended, deleted, unknown or malformed', async () => {
    const a = await seller();
    const site = await calls.save(a.auth, [
      { title: 'Off', url: 'https://example.com/off', enabled: false },
      { title: 'Later', url: 'https://example.com/later', showFrom: '2099-01-01T00:00' },
      { title: 'Ended', url: 'https://example.com/ended', showUntil: '2001-01-01T00:00' },
      { title: 'Deleted soon', url: 'https://example.com/deleted' },
    ]);
    const ids = site.links.map((l) => l._id);
    await calls.save(a.auth, site.links.slice(0, 3).map((l) => ({ id: l._id, title: l.title, url: l.url, enabled: l.enabled, showFrom: l.showFromAt, showUntil: l.showUntilAt })));
    for (const id of [
      ...ids,
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      'https:%2F%2Fevil.example',
      '..%2F..%2Fetc%2Fpasswd',
    ]) {
      const res = await follow(t, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.headers.location, id).toBeUndefined();
      expect(res.body).toMatch(/This link is not available/);
    }
    for (const id of ids.slice(0, 3)) expect(await counted(id)).toBe(0);
  });

  it('on a seller’s own domain opens only that seller’s links, and counts only those', async () => {
    const owner = await seller('creator');
    const other = await seller();
    await verifiedDomain(t, owner.user.id, 'links-shop.example');
    const own = (await calls.save(owner.auth, [{ title: 'Own', url: 'https://example.com/own' }])).links[0]!._id;
    const theirs = (await calls.save(other.auth, [{ title: 'Other', url: 'https://example.com/other' }])).links[0]!._id;
    const onDomain = { host: 'links-shop.example' };
    const refused = await follow(t, theirs, onDomain);
    expect(refused.statusCode).toBe(404);
    expect(await counted(theirs)).toBe(0);
    const opened = await follow(t, own, onDomain);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('https://example.com/own');
    expect(await counted(own)).toBe(1);
  });
});

describe('GET /l/{id}: clicks that are not counted', () => {
  it('still redirects crawlers, link previews, prefetches and HEAD, without counting them', async () => {
    const a = await seller();
    const id = (await calls.save(a.auth, [{ title: 'Shop', url: 'https://example.com/' }])).links[0]!._id;
    const notPeople: Record<string, string>[] = [
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' },
      { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' },
      { 'user-agent': '' },
      { 'sec-purpose': 'prefetch' },
      { 'sec-purpose': 'prefetch;prerender' },
      { purpose: 'prefetch' },
    ];
    for (const headers of notPeople) {
      const res = await follow(t, id, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(302);
    }
    expect((await t.app.inject({ method: 'HEAD', url: `/l/${id}`, headers: { 'user-agent': 'Mozilla/5.0' } })).statusCode).toBe(302);
    expect(await counted(id)).toBe(0);
  });

  it('does not count the seller following their own link (access or refresh cookie), and spends no token', async () => {
    const a = await seller();
    const b = await seller();
    const id = (await calls.save(a.auth, [{ title: 'Shop', url: 'https://example.com/' }])).links[0]!._id;
    const byAccess = await follow(t, id, { cookie: `token=${a.token}` });
    const byRefresh = await follow(t, id, { cookie: `refreshToken=${a.refreshToken}` });
    for (const res of [byAccess, byRefresh]) {
      expect(res.statusCode).toBe(302);
      expect(cookiesOf(res)).toEqual({});
    }
    expect(await counted(id)).toBe(0);
    // Another member's session is a visitor like any other; a forged token too.
    await follow(t, id, { cookie: `token=${b.token}` });
    await follow(t, id, { cookie: `token=forged; refreshToken=forged` });
    expect(await counted(id)).toBe(2);
    // The refresh token was only looked at: it still refreshes the session.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token',
      payload: { refreshToken: a.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('limits one address to 120 a minute, like the other public routes', async () => {
    const a = await seller();
    const id = (await calls.save(a.auth, [{ title: 'Shop', url: 'https://example.com/' }])).links[0]!._id;
    const from = { remoteAddress: '10.250.0.1', url: `/l/${id}`, headers: { 'user-agent': BROWSER_UA } };
    for (let i = 0; i < 120; i++) expect((await t.app.inject(from)).statusCode).toBe(302);
    const limited = await t.app.inject(from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Please wait \d+ seconds/);
    expect(await counted(id)).toBe(120);
  });
});
