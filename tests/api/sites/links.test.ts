import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../../src/server/db/schema';
import { SITE_LINK_LIMITS } from '../../../src/shared/site-links';
import { PLANS } from '../../../src/shared/plans';
import { createTestApp, type TestApp } from '../../helpers/app';
import { inject, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { linkCalls, refusal } from './link-helpers';
import { recordChanges } from './site-helpers';

/** PUT /sites/links and the links of GET /sites/mine and GET /sites (issue 25, docs/decisions/065). */
let t: TestApp;
const calls = linkCalls(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const seller = () => signedInUser(t.deps, { accountType: 'seller' });

describe('PUT /sites/links: addresses a person can click safely', () => {
  it.each([
    ['javascript:alert(document.cookie)', /not javascript: addresses/],
    ['JaVaScRiPt:alert(1)', /not javascript: addresses/],
    ['data:text/html,<script>alert(1)</script>', /not data: addresses/],
    ['file:///etc/passwd', /not file: addresses/],
    ['vbscript:msgbox(1)', /not vbscript: addresses/],
    ['ftp://example.com/file', /not ftp: addresses/],
    ['/relative/path', /Start the address with https:\/\//],
    ['//evil.example/path', /Start the address with https:\/\//],
    ['example.com', /Start the address with https:\/\//],
    ['https://', /Add the site’s name after https:\/\//],
    ['https:///no-host', /Add the site’s name/],
    ['https://exa mple.com', /Remove the spaces/],
    ['https://user:pw@example.com', /Remove the name and password/],
    [`https://example.com/${'a'.repeat(SITE_LINK_LIMITS.url)}`, /too long: use at most 2000 characters/],
    ['mailto:', /Add the email address after mailto:/],
  ])('refuses %s with a sentence', async (url, message) => {
    const a = await seller();
    const err = await refusal(calls.save(a.auth, [{ title: 'Bad', url }]));
    expect(err.status).toBe(400);
    expect(err.message).toMatch(message);
    expect(err.details?.[0]?.path).toEqual(['links', '0', 'url']);
    expect((await calls.mine(a.auth)).links).toEqual([]);
  });

  it('keeps https, http, mailto and tel addresses as typed, with their icons', async () => {
    const a = await seller();
    const site = await calls.save(a.auth, [
      { title: 'Shop', url: 'https://Example.com/Shop?x=1#top' },
      { title: 'Insta', url: 'HTTPS://www.instagram.com/maya' },
      { title: 'Old site', url: 'http://example.org' },
      { title: 'Write', url: 'mailto:hi@example.com?subject=Hello' },
      { title: 'Call', url: 'tel:+15551234567' },
      { title: 'Chosen icon', url: 'https://example.net', icon: 'spotify' },
    ]);
    expect(site.links.map((l) => [l.url, l.icon, l.iconChoice])).toEqual([
      ['https://Example.com/Shop?x=1#top', 'link', null],
      ['https://www.instagram.com/maya', 'instagram', null],
      ['http://example.org', 'link', null],
      ['mailto:hi@example.com?subject=Hello', 'email', null],
      ['tel:+15551234567', 'phone', null],
      ['https://example.net', 'spotify', 'spotify'],
    ]);
    expect(site.links.every((l) => l.href === `/l/${l._id}` && l.live && l.enabled)).toBe(true);
  });

  it('takes titles of 1 to 80 characters', async () => {
    const a = await seller();
    for (const [title, message] of [
      ['', /Give the link a title/],
      ['   ', /Give the link a title/],
      ['x'.repeat(81), /at most 80 characters/],
    ] as const) {
      const err = await refusal(calls.save(a.auth, [{ title, url: 'https://example.com' }]));
      expect(err.message).toMatch(message);
    }
    const saved = await calls.save(a.auth, [
      { title: 'x', url: 'https://example.com' },
      { title: ` ${'y'.repeat(80)} `, url: 'https://example.com' },
    ]);
    expect(saved.links.map((l) => l.title.length)).toEqual([1, 80]);
  });

  it(`keeps at most ${SITE_LINK_LIMITS.perSite} links, the limit every plan states`, async () => {
    const a = await seller();
    const link = (i: number) => ({ title: `Link ${i}`, url: `https://example.com/${i}` });
    const fifty = Array.from({ length: 50 }, (_, i) => link(i));
    expect((await calls.save(a.auth, fifty)).links).toHaveLength(50);
    const err = await refusal(calls.save(a.auth, [...fifty, link(50)]));
    expect(err.message).toMatch(/at most 50 links/);
    expect((await calls.mine(a.auth)).links).toHaveLength(50);
    for (const plan of Object.values(PLANS)) expect(plan.limits.siteLinks).toBe(50);
    const plans = (await inject(t, { url: '/api/v1/plans' })).json() as { limits: { siteLinks: number } }[];
    expect(plans.map((p) => p.limits.siteLinks)).toEqual([50, 50, 50]);
  });

  it('allows one featured link at most', async () => {
    const a = await seller();
    const err = await refusal(
      calls.save(a.auth, [
        { title: 'A', url: 'https://example.com/a', featured: true },
        { title: 'B', url: 'https://example.com/b', featured: true },
      ]),
    );
    expect(err.message).toMatch(/Only one link can be featured/);
    expect(err.details?.[0]?.path).toEqual(['links', '1', 'featured']);
    // Moving the mark from one saved link to another in one save is fine.
    const first = await calls.save(a.auth, [
      { title: 'A', url: 'https://example.com/a', featured: true },
      { title: 'B', url: 'https://example.com/b' },
    ]);
    const [a1, b1] = first.links;
    const moved = await calls.save(a.auth, [
      { id: a1!._id, title: 'A', url: 'https://example.com/a' },
      { id: b1!._id, title: 'B', url: 'https://example.com/b', featured: true },
    ]);
    expect(moved.links.map((l) => l.featured)).toEqual([false, true]);
  });

  it('needs exactly one place to open: an address, an own post or an own tag', async () => {
    const a = await seller();
    const other = await seller();
    const mine = await createProduct(t, a.user, { _tags: ['mugs'] });
    const theirs = await createProduct(t, other.user, { _tags: ['vases'] });
    for (const [link, message] of [
      [{ title: 'None' }, /one place to open/],
      [{ title: 'Two', url: 'https://example.com', tag: 'mugs' }, /one place to open/],
      [{ title: 'Theirs', postId: theirs._id }, /Choose one of your own posts/],
      [{ title: 'Unknown', postId: '00000000-0000-4000-8000-000000000000' }, /Choose one of your own posts/],
      [{ title: 'Their tag', tag: 'vases' }, /None of your posts is tagged “vases”/],
    ] as const) {
      const err = await refusal(calls.save(a.auth, [link]));
      expect(err.message, link.title).toMatch(message);
    }
    const saved = await calls.save(a.auth, [
      { title: 'My mug', postId: mine._id },
      { title: 'All mugs', tag: ' Mugs ' },
    ]);
    expect(saved.links.map((l) => [l.postId, l.tag, l.url])).toEqual([
      [mine._id, null, null],
      [null, 'mugs', null],
    ]);
  });
});

describe('PUT /sites/links: the owner only, the whole list', () => {
  it('answers 401 without a session and writes only the caller’s own list', async () => {
    const res = await inject(t, { method: 'PUT', url: '/api/v1/sites/links', payload: { links: [] } });
    expect(res.statusCode).toBe(401);
    const a = await seller();
    const b = await seller();
    const saved = await calls.save(a.auth, [{ title: 'Mine', url: 'https://example.com/a' }]);
    // b names a's link by its id: it is not in b's list, so nothing of a's changes.
    const err = await refusal(
      calls.save(b.auth, [{ id: saved.links[0]!._id, title: 'Hijacked', url: 'https://evil.example' }]),
    );
    expect(err.message).toMatch(/no longer in your list/);
    expect((await calls.mine(a.auth)).links.map((l) => [l.title, l.url])).toEqual([
      ['Mine', 'https://example.com/a'],
    ]);
    expect((await calls.mine(b.auth)).links).toEqual([]);
  });

  it('replaces the list in order, keeping ids sent back, deleting what is left out, and tells the page caches', async () => {
    const a = await seller();
    const first = await calls.save(a.auth, [
      { title: 'One', url: 'https://example.com/1' },
      { title: 'Two', url: 'https://example.com/2' },
      { title: 'Three', url: 'https://example.com/3' },
    ]);
    const [one, two, three] = first.links;
    const changes = recordChanges(t);
    const second = await calls.save(a.auth, [
      { id: three!._id, title: 'Three, first now', url: 'https://example.com/3' },
      { title: 'New', url: 'https://example.com/new' },
      { id: one!._id.toUpperCase(), title: 'One', url: 'https://example.com/1', enabled: false },
    ]);
    expect(changes.take()).toEqual([{ kind: 'site', userIds: [a.user.id] }]);
    changes.stop();
    expect(second.links.map((l) => [l._id, l.title, l.enabled])).toEqual([
      [three!._id, 'Three, first now', true],
      [expect.any(String), 'New', true],
      [one!._id, 'One', false],
    ]);
    expect(second.links.map((l) => l._id)).not.toContain(two!._id);
    expect((await calls.mine(a.auth)).links).toEqual(second.links);
    expect((await calls.save(a.auth, [])).links).toEqual([]);
  });

  it('shows visitors only the live links, without the owner’s fields', async () => {
    const a = await seller();
    const saved = await calls.save(a.auth, [
      { title: 'Live', url: 'https://www.tiktok.com/@a', social: true, featured: true },
      { title: 'Off', url: 'https://example.com/off', enabled: false },
      { title: 'Later', url: 'https://example.com/later', showFrom: '2099-01-01T00:00' },
      { title: 'Over', url: 'https://example.com/over', showUntil: '2001-01-01T00:00' },
    ]);
    expect(saved.links.map((l) => l.live)).toEqual([true, false, false, false]);
    const shown = await calls.shown(a.user.username);
    expect(shown.links).toEqual([
      {
        _id: saved.links[0]!._id,
        title: 'Live',
        href: `/l/${saved.links[0]!._id}`,
        icon: 'tiktok',
        featured: true,
        social: true,
        url: 'https://www.tiktok.com/@a',
        postId: null,
        tag: null,
        post: null,
      },
    ]);
  });

  it('draws a post link with its post: title, address, price, first picture, sold out', async () => {
    const a = await seller();
    const post = await createProduct(t, a.user, { title: 'Speckled mug', price: 28, stock: 1 });
    await calls.save(a.auth, [{ title: 'This week’s mug', postId: post._id }]);
    const [shown] = (await calls.shown(a.user.username)).links;
    expect(shown!.post).toEqual({
      title: 'Speckled mug',
      path: post.path,
      price: 28,
      soldOut: false,
      thumbnail: null,
      alt: '',
    });

    // A picture (its smallest thumbnail) and the last one sold: the link says so.
    const media = {
      id: '7b0c1f8e-6a57-4a43-9f1e-0a5f6c3b8d21',
      type: 'image' as const,
      alt: 'A speckled mug',
      thumbnails: [
        { url: '/media/p/mug-t320.webp', width: 320 },
        { url: '/media/p/mug-t640.webp', width: 640 },
      ],
      fullsizes: [{ url: '/media/p/mug-f1280.webp', width: 1280 }],
      width: 1280,
      height: 1280,
      keys: [],
    };
    await t.deps.database.db
      .update(products)
      .set({ medias: [media], stock: 0 })
      .where(eq(products.id, post._id));
    const [after] = (await calls.shown(a.user.username)).links;
    expect(after!.post).toMatchObject({ thumbnail: '/media/p/mug-t320.webp', alt: 'A speckled mug', soldOut: true });
    // The owner's list shows the same.
    expect((await calls.mine(a.auth)).links[0]!.post).toEqual(after!.post);
  });

  it('is described in the OpenAPI document like the other calls', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: unknown }>>;
    };
    const put = doc.paths['/api/v1/sites/links']?.put;
    expect(put?.requestBody).toBeDefined();
    expect(JSON.stringify(put?.requestBody)).toMatch(/showUntil/);
    expect(JSON.stringify(doc.paths['/api/v1/sites']?.get?.responses)).toMatch(/"links"/);
    expect(JSON.stringify(doc.paths['/api/v1/sites']?.put?.requestBody)).toMatch(/timeZone/);
  });
});
