import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pageStateResponse, PAGE_STATE_IDS_MAX } from '../../../src/shared/contracts/social';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { block, follow, likeProduct, likeUser, ok, socialGet, type Auth } from '../../factories/social';

/**
 * GET /me/page-state (docs/decisions/045): what is personal on a page that is the same for
 * everyone — which of its posts and members the caller likes, follows or blocked — for the caller
 * only, in one statement per kind.
 */
let t: TestApp;
let statements: string[] = [];
beforeAll(async () => {
  t = await createTestApp({}, {}, { onQuery: (sql) => statements.push(sql) });
});
afterAll(async () => t?.close());
beforeEach(() => {
  statements = [];
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const pageState = (ids: string, auth?: Auth) =>
  socialGet(t, `/me/page-state?ids=${encodeURIComponent(ids)}`, auth);

/** A seller with two posts, and a member who likes one post and the seller and follows them. */
async function sellerAndFan() {
  const seller = await signedInUser(t.deps);
  const [liked, other] = [
    await createProduct(t, seller.user, { title: 'Liked mug' }),
    await createProduct(t, seller.user, { title: 'Other mug' }),
  ];
  const fan = await signedInUser(t.deps);
  ok(await likeProduct(t, fan.auth, liked._id));
  ok(await likeUser(t, fan.auth, seller.user.id));
  ok(await follow(t, fan.auth, seller.user.id));
  return { seller, fan, liked, other, ids: [seller.user.id, liked._id, other._id] };
}

describe('GET /me/page-state', () => {
  it("answers the caller's own likes, follows and blocks among the ids asked about, one statement per kind", async () => {
    const { seller, fan, liked, ids } = await sellerAndFan();
    statements = [];
    const answer = pageStateResponse.parse(ok(await pageState([...ids, UNKNOWN].join(','), fan.auth)));
    expect(answer).toMatchObject({
      user: { _id: fan.user.id, email: fan.user.email },
      likedPostIds: [liked._id],
      likedUserIds: [seller.user.id],
      followedUserIds: [seller.user.id],
      blockedUserIds: [],
      offers: [],
    });
    // The session check, who I am, then the four kinds and my open offers: never a statement per id.
    const reads = statements.filter((sql) =>
      /from "(product_likes|user_likes|follows|blocks|offers)"/.test(sql),
    );
    expect(reads).toHaveLength(5);
    expect(statements.length).toBeLessThanOrEqual(9);

    const pest = await signedInUser(t.deps);
    ok(await block(t, fan.auth, pest.user.id));
    const withBlock = ok(await pageState(pest.user.id, fan.auth));
    expect(withBlock).toMatchObject({ blockedUserIds: [pest.user.id], followedUserIds: [] });
  });

  it("tells another member nothing of someone else's: only their own (empty) relations", async () => {
    const { ids, fan } = await sellerAndFan();
    const stranger = await signedInUser(t.deps);
    const res = await pageState(ids.join(','), stranger.auth);
    expect(res.headers['cache-control']).toBe('private, no-store');
    for (const trace of [fan.user.id, fan.user.email, fan.user.username]) expect(res.body).not.toContain(trace);
    expect(ok(res)).toMatchObject({
      user: { _id: stranger.user.id },
      likedPostIds: [],
      likedUserIds: [],
      followedUserIds: [],
      blockedUserIds: [],
    });
    // No other way to ask about someone else: a user id in the query is only "is it on the page".
    const withUserParam = ok(await socialGet(t, `/me/page-state?ids=${ids[0]}&userId=${ids[0]}`, stranger.auth));
    expect(withUserParam).toMatchObject({ user: { _id: stranger.user.id }, followedUserIds: [] });
  });

  it('is 401 without a session', async () => {
    const { ids } = await sellerAndFan();
    const res = await pageState(ids.join(','));
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain(ids[1]);
  });

  it('is 400 for malformed, missing, empty or too many ids', async () => {
    const me = await signedInUser(t.deps);
    const tooMany = Array.from({ length: PAGE_STATE_IDS_MAX + 1 }, (_, i) =>
      `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    ).join(',');
    for (const url of [
      '/me/page-state?ids=not-an-id',
      `/me/page-state?ids=${UNKNOWN},1%20or%201=1`,
      '/me/page-state?ids=',
      '/me/page-state',
      `/me/page-state?ids=${tooMany}`,
      `/me/page-state?ids=${'a'.repeat(PAGE_STATE_IDS_MAX * 40)}`,
    ]) {
      const res = await socialGet(t, url, me.auth);
      expect(res.statusCode, url).toBe(400);
    }
  });
});
