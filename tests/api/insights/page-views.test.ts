import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insightEvents, insightSalts } from '../../../src/server/db/schema';
import { ACCESS_COOKIE } from '../../../src/server/http/api/session';
import { maintainInsights, utcDay } from '../../../src/server/modules/insights';
import { createTestApp, type TestApp } from '../../helpers/app';
import { freshAuth } from '../../helpers/member-calls';
import { productionWeb } from '../../helpers/web-build';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import {
  BROWSER_UA,
  INSTAGRAM_UA,
  OTHER_UA,
  insightsOf,
  pathOfPost,
  visitPage,
} from './insights-support';

/**
 * Page views recorded on the server (issue 26, docs/decisions/071): through the production build
 * as `npm start` serves it, cache hits included; bots, prefetches, HEAD and the seller's own
 * visits are not counted; unique visitors come from the day's salted hash, never a cookie.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {}, { web: productionWeb() });
}, 180_000);
afterAll(() => t?.close());

const DAY = 86_400_000;
const seller = () => signedInUser(t.deps, { accountType: 'seller' });

/** The seller's rows of events after the queue's flush (identical events of a flush share a row). */
async function rowsOf(sellerId: string) {
  await t.app.insightEvents.flush();
  return t.deps.database.db
    .select()
    .from(insightEvents)
    .where(eq(insightEvents.sellerId, sellerId));
}

/** The seller's events one by one, as they happened. */
async function eventsOf(sellerId: string) {
  return (await rowsOf(sellerId)).flatMap((row) => Array.from({ length: row.times }, () => row));
}

describe('page views', () => {
  it('counts a person’s views of the seller’s pages, cached or not, with the post seen', async () => {
    const a = await seller();
    const post = await createProduct(t, a.user, { title: 'Green bowl' });
    const name = a.user.username;
    const first = await visitPage(t, `/${name}`);
    expect(first.statusCode).toBe(200);
    const again = await visitPage(t, `/${name}`);
    expect(again.headers['x-render-cache']).toBe('hit');
    expect((await visitPage(t, await pathOfPost(t, name, post._id))).statusCode).toBe(200);
    expect((await visitPage(t, `/${name}-x`)).statusCode).toBe(200);
    const events = await eventsOf(a.user.id);
    expect(events.map((e) => e.kind)).toEqual(['view', 'view', 'view', 'view']);
    expect(events.filter((e) => e.postId === post._id)).toHaveLength(1);
    // Nothing about the visitor is kept but the day's hash.
    const row = events[0]!;
    expect(Object.keys(row).sort()).toEqual(
      [
        'amountMinor',
        'at',
        'day',
        'kind',
        'linkId',
        'orders',
        'postId',
        'sellerId',
        'source',
        'times',
        'visitor',
      ].sort(),
    );
    expect(row.visitor).toMatch(/^[\w-]{22}$/);
    expect(JSON.stringify(events)).not.toContain('203.0.113');
    // However the flushes grouped them into rows, the numbers are the views.
    expect((await insightsOf(t, a.auth)).totals).toMatchObject({ views: 4, visitors: 1 });
  });

  it('does not count bots, link previews, prefetches, HEAD, nameless agents, 404s or the seller’s own visits', async () => {
    const a = await seller();
    const name = a.user.username;
    await visitPage(t, `/${name}`, { ua: 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    await visitPage(t, `/${name}`, {
      ua: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    });
    await visitPage(t, `/${name}`, { headers: { 'sec-purpose': 'prefetch' } });
    await visitPage(t, `/${name}`, { headers: { purpose: 'prefetch' } });
    await visitPage(t, `/${name}`, { method: 'HEAD' });
    await visitPage(t, `/${name}`, { ua: '' });
    expect((await visitPage(t, `/${name}/no-such-post-0a0a0a0a0a0a`)).statusCode).toBe(404);
    const own = await visitPage(t, `/${name}`, { cookie: `${ACCESS_COOKIE}=${a.token}` });
    expect(own.statusCode).toBe(200);
    expect(await eventsOf(a.user.id)).toEqual([]);
    // Another member is a visitor like any other.
    const b = await signedInUser(t.deps);
    await visitPage(t, `/${name}`, { cookie: `${ACCESS_COOKIE}=${b.token}` });
    expect(await eventsOf(a.user.id)).toHaveLength(1);
  });

  it('names the source: ?src= over the in-app browser over the referrer, else direct', async () => {
    const a = await seller();
    const name = a.user.username;
    await visitPage(t, `/${name}?src=IG_Story`, { ua: INSTAGRAM_UA, referrer: 'https://t.co/abc' });
    await visitPage(t, `/${name}?utm_source=newsletter`);
    await visitPage(t, `/${name}`, { ua: INSTAGRAM_UA, referrer: 'https://t.co/abc' });
    await visitPage(t, `/${name}`, { referrer: 'https://t.co/abc' });
    await visitPage(t, `/${name}`, { referrer: 'https://www.google.co.uk/' });
    await visitPage(t, `/${name}`);
    // Within the seller's pages, the campaign of the page the visitor came from carries over.
    await visitPage(t, `/${name}-x`, { referrer: `http://localhost:80/${name}?src=ig` });
    expect((await eventsOf(a.user.id)).map((e) => e.source)).toEqual([
      'ig_story',
      'newsletter',
      'instagram',
      'x',
      'google',
      'direct',
      'ig',
    ]);
  });

  it('keeps the source a visitor entered with on the pages they move to inside the shop', async () => {
    const a = await seller();
    const name = a.user.username;
    const post = await createProduct(t, a.user, { title: 'Blue jug' });
    const postPage = await pathOfPost(t, name, post._id);
    const inside = (path: string) => `http://localhost:80${path}`;
    // From a search engine to the page, then on to a post and the links page (JavaScript off or
    // on: the browser sends the page it was on as the referrer).
    await visitPage(t, `/${name}`, { referrer: 'https://www.google.com/' });
    await visitPage(t, postPage, { referrer: inside(`/${name}`) });
    await visitPage(t, `/${name}-x`, { referrer: inside(postPage) });
    // Another visitor (another network) whose entry this instance never saw: direct.
    await visitPage(t, postPage, { ip: '198.51.100.7', referrer: inside(`/${name}`) });
    // The first visitor comes back by typing the address: a new entry, direct — and moving on
    // from there is direct too.
    await visitPage(t, `/${name}`);
    await visitPage(t, postPage, { referrer: inside(`/${name}`) });
    expect((await eventsOf(a.user.id)).map((e) => e.source)).toEqual([
      'google',
      'google',
      'google',
      'direct',
      'direct',
      'direct',
    ]);
  });

  it('counts unique visitors per day by network (/24) and browser, and forgets the salts after 48 hours', async () => {
    const a = await seller();
    const name = a.user.username;
    const day1 = utcDay(t.deps.now!());
    // Day 1: two addresses of one /24 with one browser are one visitor; another browser and
    // another network are two more.
    await visitPage(t, `/${name}`, { ip: '198.51.100.7', ua: BROWSER_UA });
    await visitPage(t, `/${name}`, { ip: '198.51.100.200', ua: BROWSER_UA });
    await visitPage(t, `/${name}`, { ip: '198.51.100.7', ua: OTHER_UA });
    await visitPage(t, `/${name}`, { ip: '198.51.101.7', ua: BROWSER_UA });
    const firstDay = await eventsOf(a.user.id);
    expect(new Set(firstDay.map((e) => e.visitor)).size).toBe(3);
    // Day 2: the same person has a new hash (the salt changed), counted again that day.
    t.advanceTime(DAY);
    await visitPage(t, `/${name}`, { ip: '198.51.100.7', ua: BROWSER_UA });
    await visitPage(t, `/${name}`, { ip: '198.51.100.9', ua: BROWSER_UA });
    const secondDay = (await eventsOf(a.user.id)).filter((e) => e.day !== day1);
    expect(new Set(secondDay.map((e) => e.visitor)).size).toBe(1);
    expect(firstDay.map((e) => e.visitor)).not.toContain(secondDay[0]!.visitor);
    const seen = await insightsOf(t, await freshAuth(t, a.user));
    expect(seen.totals).toMatchObject({ views: 6, visitors: 4 });
    expect(seen.daily.find((d) => d.day === day1)).toMatchObject({ views: 4, visitors: 3 });
    // Salts: day 1's is kept through day 2 and gone once day 3 begins (at most 48 hours).
    const salts = async () =>
      (await t.deps.database.db.select().from(insightSalts)).map((s) => s.day);
    expect(await salts()).toContain(day1);
    t.advanceTime(DAY);
    await maintainInsights(t.moduleDeps());
    expect(await salts()).not.toContain(day1);
    // The day's counts survive the salt: they were folded into the daily totals.
    const later = await insightsOf(t, await freshAuth(t, a.user));
    expect(later.daily.find((d) => d.day === day1)).toMatchObject({ views: 4, visitors: 3 });
  });
});
