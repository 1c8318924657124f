import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeaturedSeller } from '../../../src/shared/contracts/featured';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createUser, inject, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { setUserStatus } from '../../factories/comments';
import { createPaidOrder } from '../../factories/commerce';
import { follow, likeUser, ok } from '../../factories/social';

/**
 * GET /sellers/featured (docs/decisions/036): who the home page features, in which order, in one
 * statement; sellers without a published post, suspended or never activated never appear.
 */
let t: TestApp;
let statements: string[] = [];
const seller: Record<string, Awaited<ReturnType<typeof signedInUser>>> = {};

beforeAll(async () => {
  // No list cache: each call reads the database (the cache has its own tests).
  t = await createTestApp(
    {},
    { CATALOG_CACHE_MS: '0' },
    { onQuery: (sql) => statements.push(sql) },
  );
});
afterAll(async () => t?.close());

const featured = async (query = '') => {
  statements = [];
  const res = await inject(t, { method: 'GET', url: `/api/v1/sellers/featured${query}` });
  return res;
};
const usernames = (sellers: FeaturedSeller[]) => sellers.map((s) => s.username);

describe('GET /sellers/featured', () => {
  it('is empty while nobody has published anything', async () => {
    const drafter = await signedInUser(t.deps, { username: 'feat-drafter' });
    await createProduct(t, drafter.user, { title: 'Only a draft', status: 'draft' });
    expect(ok<{ sellers: FeaturedSeller[] }>(await featured()).sellers).toEqual([]);
  });

  it('lists sellers by recent sales, followers, likes, then newest post', async () => {
    for (const name of ['feat-sales', 'feat-followed', 'feat-liked', 'feat-quiet', 'feat-newest'])
      seller[name] = await signedInUser(t.deps, { username: name });
    const fans = await Promise.all([signedInUser(t.deps), signedInUser(t.deps)]);

    const sold = await createProduct(t, seller['feat-sales']!.user, { title: 'Sold lamp' });
    await createProduct(t, seller['feat-followed']!.user, { title: 'Followed A' });
    await createProduct(t, seller['feat-followed']!.user, { title: 'Followed B' });
    await createProduct(t, seller['feat-liked']!.user, { title: 'Liked one' });
    await createProduct(t, seller['feat-quiet']!.user, { title: 'Quiet one' });
    t.advanceTime(60_000);
    await createProduct(t, seller['feat-newest']!.user, { title: 'Newest one' });

    for (const fan of fans) ok(await follow(t, fan.auth, seller['feat-followed']!.user.id));
    ok(await likeUser(t, fans[0]!.auth, seller['feat-liked']!.user.id));
    await createPaidOrder(t, fans[1]!.user.id, [{ productId: sold._id }]);

    // Not featured: a suspended seller, an account never activated, a buyer without posts.
    const suspended = await signedInUser(t.deps, { username: 'feat-suspended' });
    await createProduct(t, suspended.user, { title: 'Hidden by suspension' });
    await setUserStatus(t, suspended.user.id, 'suspended');
    const { user: inactive } = await createUser(t.deps, {
      username: 'feat-inactive',
      activated: false,
    });
    await createProduct(t, inactive, { title: 'Never activated' });

    const res = await featured();
    const { sellers } = ok<{ sellers: FeaturedSeller[] }>(res);
    expect(usernames(sellers)).toEqual([
      'feat-sales',
      'feat-followed',
      'feat-liked',
      'feat-newest',
      'feat-quiet',
    ]);
    // One statement for the whole list: no query per seller.
    expect(statements).toHaveLength(1);

    const followed = sellers.find((s) => s.username === 'feat-followed')!;
    expect(followed).toMatchObject({
      _id: seller['feat-followed']!.user.id,
      name: seller['feat-followed']!.user.name,
      postsCount: 2,
      followersCount: 2,
      likesCount: 0,
      recentSalesCount: 0,
      image: null,
    });
    expect(sellers[0]).toMatchObject({ recentSalesCount: 1, postsCount: 1 });
    expect(sellers.find((s) => s.username === 'feat-liked')).toMatchObject({ likesCount: 1 });
    // Only what a public profile shows: never an email.
    expect(JSON.stringify(sellers)).not.toContain('@');
  });

  it('sales older than 30 days no longer count', async () => {
    t.advanceTime(31 * 24 * 60 * 60 * 1000);
    const { sellers } = ok<{ sellers: FeaturedSeller[] }>(await featured());
    expect(sellers.find((s) => s.username === 'feat-sales')).toMatchObject({
      recentSalesCount: 0,
    });
    expect(usernames(sellers)[0]).toBe('feat-followed');
  });

  it('takes a limit from 1 to 12 and says what is wrong otherwise', async () => {
    expect(ok<{ sellers: FeaturedSeller[] }>(await featured('?limit=2')).sellers).toHaveLength(2);
    for (const bad of ['0', '13', 'many']) {
      const res = await featured(`?limit=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^limit: Must be/);
    }
  });
});
