import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { databaseSwitch } from '../../helpers/database-away';
import { follow, linkCalls } from './link-helpers';

/**
 * GET /l/{id} while the database is away (docs/decisions/068): the seller's page is served from
 * the render cache then, links and all, so a link this instance opened lately still opens
 * (uncounted); one it never saw answers the short 503 page with Retry-After — never a 500, never
 * an address it was not sure of. The database is swapped for a pool aimed at a port nothing
 * listens on, as tests/api/database-away.test.ts does.
 */
let t: TestApp;
let database: Awaited<ReturnType<typeof databaseSwitch>>;
const calls = linkCalls(() => t);

beforeAll(async () => {
  t = await createTestApp();
  database = await databaseSwitch(t);
});
afterAll(async () => {
  await database?.close();
  await t?.close();
});

const withDatabaseAway = (work: () => Promise<void>) => database.whileAway(work);

describe('GET /l/{id} with the database away', () => {
  it('opens a link it opened lately, answers 503 with Retry-After for one it never saw, and counts again once back', async () => {
    const seller = await signedInUser(t.deps, { accountType: 'seller' });
    const site = await calls.save(seller.auth, [
      { title: 'Shop', url: 'https://example.com/shop' },
      { title: 'Never opened', url: 'https://example.com/other' },
    ]);
    const [opened, unseen] = site.links;
    expect((await follow(t, opened!._id)).statusCode).toBe(302);

    await withDatabaseAway(async () => {
      const known = await follow(t, opened!._id);
      expect(known.statusCode).toBe(302);
      expect(known.headers.location).toBe('https://example.com/shop');
      expect(known.headers['cache-control']).toBe('no-store');

      const unknown = await follow(t, unseen!._id);
      expect(unknown.statusCode).toBe(503);
      expect(unknown.headers['retry-after']).toBe('5');
      expect(unknown.headers['cache-control']).toBe('no-store');
      expect(unknown.headers.location).toBeUndefined();
      expect(unknown.body).toContain("We'll be right back");
      expect(unknown.body).not.toMatch(/<script|Error:|\n\s+at /);
    });

    // Back: both open and count; the click made while away was not counted (nothing to write to).
    expect((await follow(t, unseen!._id)).statusCode).toBe(302);
    expect((await follow(t, opened!._id)).statusCode).toBe(302);
    const clicks = (await calls.mine(seller.auth)).links.map((l) => l.clicks.last7);
    expect(clicks).toEqual([2, 1]);
  });

  it('forgets a link once it is gone: turned off, it is a 404 and stays closed while the database is away', async () => {
    const seller = await signedInUser(t.deps, { accountType: 'seller' });
    const site = await calls.save(seller.auth, [
      { title: 'Sale', url: 'https://example.com/sale' },
    ]);
    const link = site.links[0]!;
    expect((await follow(t, link._id)).statusCode).toBe(302);
    await calls.save(seller.auth, [
      { id: link._id, title: 'Sale', url: 'https://example.com/sale', enabled: false },
    ]);
    expect((await follow(t, link._id)).statusCode).toBe(404);
    await withDatabaseAway(async () => {
      expect((await follow(t, link._id)).statusCode).toBe(503);
    });
  });

  it('never opens a remembered link past half an hour without the database', async () => {
    const seller = await signedInUser(t.deps, { accountType: 'seller' });
    const site = await calls.save(seller.auth, [
      { title: 'Shop', url: 'https://example.com/shop' },
    ]);
    const id = site.links[0]!._id;
    expect((await follow(t, id)).statusCode).toBe(302);
    t.advanceTime(31 * 60_000);
    await withDatabaseAway(async () => {
      expect((await follow(t, id)).statusCode).toBe(503);
    });
  });
});
