import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites, users } from '../../../src/server/db/schema';
import { findPublicSiteByUsername, findSiteByDomain } from '../../../src/server/modules/sites';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createUser, inject } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const db = () => t.deps.database.db;
const setUser = (id: string, values: Partial<typeof users.$inferInsert>) =>
  db().update(users).set(values).where(eq(users.id, id));

/** Every public way to reach a seller's site: by username, by id, by their verified domain. */
async function reach(user: { id: string; username: string }, domain: string) {
  const byName = await inject(t, { url: `/api/v1/sites?username=${user.username}` });
  const byId = await inject(t, { url: `/api/v1/sites?user_id=${user.id}` });
  const posts = await inject(t, { url: `/api/v1/products/domain/${domain}` });
  return {
    statuses: [byName.statusCode, byId.statusCode],
    messages: [byName.json().message, byId.json().message],
    domainPosts: posts.json().recordsCount as number,
    byHost: (await findSiteByDomain(t.moduleDeps(), domain))?.username ?? null,
    byUsername: (await findPublicSiteByUsername(t.moduleDeps(), user.username))?.username ?? null,
  };
}

describe('a site is public only while its owner is activated and not suspended', () => {
  it('hides the site of a suspended user everywhere, and shows it again once reinstated', async () => {
    const { user } = await createUser(t.deps, { plan: 'creator' });
    const domain = `${user.username}.example.com`;
    await db()
      .update(sites)
      .set({ domainName: domain, domainVerifiedAt: new Date() })
      .where(eq(sites.userId, user.id));
    await createProduct(t, user, { title: 'Visible post' });
    expect(await reach(user, domain)).toMatchObject({
      statuses: [200, 200],
      domainPosts: 1,
      byHost: user.username,
      byUsername: user.username,
    });

    await setUser(user.id, { status: 'suspended' });
    expect(await reach(user, domain)).toEqual({
      statuses: [404, 404],
      messages: ['This site could not be found.', 'This site could not be found.'],
      domainPosts: 0,
      byHost: null,
      byUsername: null,
    });

    await setUser(user.id, { status: 'active' });
    expect((await reach(user, domain)).statuses).toEqual([200, 200]);
  });

  it('hides the site of an account that is not activated yet', async () => {
    const { user } = await createUser(t.deps, { activated: false, plan: 'creator' });
    const domain = `${user.username}.example.org`;
    await db()
      .update(sites)
      .set({ domainName: domain, domainVerifiedAt: new Date() })
      .where(eq(sites.userId, user.id));
    expect(await reach(user, domain)).toMatchObject({
      statuses: [404, 404],
      domainPosts: 0,
      byHost: null,
    });

    await setUser(user.id, { activatedAt: new Date() });
    expect(await reach(user, domain)).toMatchObject({
      statuses: [200, 200],
      byHost: user.username,
    });
  });

  it('never routes a host to a claimed but unverified domain', async () => {
    const { user } = await createUser(t.deps, { plan: 'creator' });
    const domain = `${user.username}.example.net`;
    await db().update(sites).set({ domainName: domain }).where(eq(sites.userId, user.id));
    expect(await reach(user, domain)).toMatchObject({
      statuses: [200, 200],
      domainPosts: 0,
      byHost: null,
    });
    expect(
      (await inject(t, { url: `/api/v1/sites?username=${user.username}` })).json().domainName,
    ).toBeNull();
  });
});
