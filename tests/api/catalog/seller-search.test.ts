import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { catalogApi } from '../../../src/shared/api/catalog';
import { ApiError } from '../../../src/web/lib/api-client';
import { createTestApp, type TestApp } from '../../helpers/app';
import { typedClient } from '../../helpers/typed-client';
import { createUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';

/**
 * A seller's own search (issue 24 §7, docs/decisions/063): POST /products/search with `username`
 * finds that seller's published posts only, and no people.
 */
let t: TestApp;
const client = typedClient(() => t);
const search = (query: string, username?: string) =>
  client.call(catalogApi.search, { body: { query, ...(username ? { username } : {}) } });
const titles = async (query: string, username?: string) =>
  (await search(query, username)).results.map((p) => p.title);

beforeAll(async () => {
  t = await createTestApp();
  const maya = (await createUser(t.deps, { username: 'maya', name: 'Maya Chen' })).user;
  const leo = (await createUser(t.deps, { username: 'leo', name: 'Leo Park' })).user;
  const gone = (await createUser(t.deps, { username: 'gone', name: 'Gone Seller' })).user;
  await createProduct(t, maya, { title: 'Blue teapot', description: 'Glazed stoneware.' });
  await createProduct(t, maya, { title: 'Speckled mug', _tags: ['stoneware'] });
  await createProduct(t, maya, { title: 'Draft teapot lid', status: 'draft' });
  await createProduct(t, leo, { title: 'Retro teapot lamp', description: 'A teapot, rewired.' });
  await createProduct(t, gone, { title: 'Hidden teapot' });
  await t.deps.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, gone.id));
});
afterAll(async () => t?.close());

describe('POST /products/search with a seller', () => {
  it("finds that seller's published posts only", async () => {
    // The whole marketplace has three published teapots (the suspended seller's is hidden).
    expect(await titles('teapot')).toEqual(
      expect.arrayContaining(['Blue teapot', 'Retro teapot lamp']),
    );
    expect(await titles('teapot', 'maya')).toEqual(['Blue teapot']);
    expect(await titles('teapot', 'leo')).toEqual(['Retro teapot lamp']);
    // By tag and description too, the draft never.
    expect(await titles('stoneware', 'maya')).toEqual(
      expect.arrayContaining(['Blue teapot', 'Speckled mug']),
    );
    expect(await titles('lid', 'maya')).toEqual([]);
    // Another seller's words find nothing on this seller's page.
    expect(await titles('lamp', 'maya')).toEqual([]);
  });

  it('tolerates typos within the seller, any case of the username', async () => {
    expect(await titles('teapto', 'MAYA')).toEqual(['Blue teapot']);
    expect(await titles('speckeld', 'maya')).toEqual(['Speckled mug']);
  });

  it('searches no people', async () => {
    expect((await search('leo')).people.map((p) => p.username)).toContain('leo');
    expect((await search('leo', 'maya')).people).toEqual([]);
  });

  it('answers 404 for an unknown or suspended seller, 400 for a malformed one', async () => {
    for (const username of ['nobody-here', 'gone']) {
      const err = await search('teapot', username).catch((e: unknown) => e);
      expect(err, username).toBeInstanceOf(ApiError);
      expect((err as ApiError).status, username).toBe(404);
      expect((err as ApiError).message).toMatch(/could not be found/);
    }
    const long = await search('teapot', 'x'.repeat(101)).catch((e: unknown) => e);
    expect((long as ApiError).status).toBe(400);
    expect((long as ApiError).message).toMatch(/No user has this name/);
  });
});
