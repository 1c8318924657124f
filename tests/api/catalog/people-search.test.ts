import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { catalogApi } from '../../../src/shared/api/catalog';
import { publicMemberSchema } from '../../../src/shared/contracts/accounts';
import { ApiError } from '../../../src/web/lib/api-client';
import { createTestApp, type TestApp } from '../../helpers/app';
import { typedClient } from '../../helpers/typed-client';
import { createUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';

/** People in search (issue 24, docs/decisions/059): POST /products/search answers `people` too. */
let t: TestApp;

/** The typed client of the web app, its fetch bound to app.inject. */
const client = typedClient(() => t);
const search = (query: string, limit?: number) =>
  client.call(catalogApi.search, { body: { query, ...(limit ? { limit } : {}) } });
const usernames = async (query: string, limit?: number) =>
  (await search(query, limit)).people.map((p) => p.username);

beforeAll(async () => {
  t = await createTestApp();
  const maya = (
    await createUser(t.deps, { username: 'maya', name: 'Maya Chen', accountType: 'seller' })
  ).user;
  await createUser(t.deps, { username: 'leo', name: 'Leo Park', accountType: 'seller' });
  await createUser(t.deps, { username: 'leonora', name: 'Leonora Diaz', accountType: 'seller' });
  await createUser(t.deps, {
    username: 'mayan-crafts',
    name: 'Mayan Crafts',
    accountType: 'seller',
  });
  await createUser(t.deps, { username: 'parker', name: 'Sam Parker', accountType: 'seller' });
  const banned = (
    await createUser(t.deps, { username: 'mayabanned', name: 'Maya Banned', accountType: 'seller' })
  ).user;
  await t.deps.database.db
    .update(users)
    .set({ status: 'suspended' })
    .where(eq(users.id, banned.id));
  await createUser(t.deps, { username: 'mayastaff', name: 'Maya Staff', role: 'moderator' });
  await createUser(t.deps, { username: 'mayapending', name: 'Maya Pending', activated: false });
  await createProduct(t, maya, { title: 'Maya blue teapot', description: 'Glazed by hand.' });
});
afterAll(async () => t?.close());

describe('POST /products/search: people', () => {
  it('finds a member by exact username, first', async () => {
    const people = await usernames('maya');
    expect(people[0]).toBe('maya');
    expect(people).toContain('mayan-crafts');
    expect((await usernames('leo'))[0]).toBe('leo');
    expect((await usernames('@leo'))[0]).toBe('leo');
    // The posts are still there.
    expect((await search('maya')).results.map((p) => p.title)).toEqual(['Maya blue teapot']);
  });

  it('finds a member by a display name of two words, first', async () => {
    expect((await usernames('Leo Park'))[0]).toBe('leo');
    expect((await usernames('maya chen'))[0]).toBe('maya');
  });

  it('finds a member through a typo, with the tolerance of post search', async () => {
    expect((await usernames('mya chen'))[0]).toBe('maya');
    expect((await usernames('leo prak'))[0]).toBe('leo');
    expect(await usernames('qqqzzz')).toEqual([]);
  });

  it('leaves out suspended, staff and not yet activated accounts', async () => {
    const people = await usernames('maya');
    expect(people).not.toContain('mayabanned');
    expect(people).not.toContain('mayastaff');
    expect(people).not.toContain('mayapending');
    expect(await usernames('Maya Banned')).not.toContain('mayabanned');
  });

  it('answers public member fields only', async () => {
    const { people } = await search('maya');
    expect(people.length).toBeGreaterThan(0);
    for (const person of people) {
      expect(Object.keys(person).sort()).toEqual(Object.keys(publicMemberSchema.shape).sort());
      expect(JSON.stringify(person)).not.toContain('@example.test');
    }
  });

  it('respects the limit', async () => {
    expect(await usernames('maya', 1)).toEqual(['maya']);
    expect((await usernames('leo', 2)).length).toBeLessThanOrEqual(2);
    const { people, results } = await search('ma', 1);
    expect(people.length).toBeLessThanOrEqual(1);
    expect(results.length).toBeLessThanOrEqual(1);
  });

  it('rejects an empty query with a message', async () => {
    const error = await search('  ').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toBeTruthy();
  });
});
