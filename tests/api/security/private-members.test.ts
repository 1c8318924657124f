import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountsApi,
  catalogApi,
  commentsApi,
  messagesApi,
  sitesApi,
  socialApi,
} from '../../../src/shared/api';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { acceptedComment } from '../../factories/comments';
import { sendMessage } from '../../factories/messages';
import { callThrough, PRIVATE_MEMBER_FIELDS, PUBLIC_MEMBER_FIELDS } from './private-support';

/**
 * Issue 23, "nothing private to strangers", beyond the directory (docs/decisions/051): every answer
 * an anonymous caller or another member gets that names a member — a profile, a like, the social
 * lists, comment and message authors, a post's seller, search, featured sellers, a site's owner —
 * carries the public fields only, staff included; the member themself and staff keep theirs.
 * The profile, like and social-list tests failed on the code before (they carried role, account
 * type and sign-up date); the others guard answers that were already public-only.
 */
let t: TestApp;
let call: ReturnType<typeof callThrough>;
type Member = Awaited<ReturnType<typeof signedInUser>>;
let maya: Member; // a seller with a post
let bea: Member; // a buyer who only buys
let boss: Member; // the super admin, no public page, who comments and writes
let mod: Member; // a moderator
let postId: string;

/** Keys of another member's object the answer may hold besides the public fields. */
const COUNTS = ['followersCount', 'followingCount'];
const PROFILE_FIELDS = [...PUBLIC_MEMBER_FIELDS, ...COUNTS].sort();

/**
 * Every object in an answer that names a member (it has a `username`), checked to hold no private
 * field; and no key anywhere of what only the member or staff may read (a post or a message has its
 * own `createdAt`, `status` and `likesType`, so those are checked on the member objects only). The
 * text of the answer names no member's email and no staff role.
 */
function expectNoPrivateMemberData(body: string, members: Member[] = [maya, bea, boss, mod]) {
  const onlyPrivate = PRIVATE_MEMBER_FIELDS.filter(
    (f) => !['createdAt', 'status', 'likesType'].includes(f),
  );
  const walk = (value: unknown): number => {
    if (Array.isArray(value)) return value.reduce<number>((n, v) => n + walk(v), 0);
    if (!value || typeof value !== 'object') return 0;
    const record = value as Record<string, unknown>;
    for (const field of onlyPrivate) expect(record, field).not.toHaveProperty(field);
    const isMember = typeof record.username === 'string' && !('headerBranding' in record);
    if (isMember)
      for (const field of PRIVATE_MEMBER_FIELDS) expect(record, field).not.toHaveProperty(field);
    return (isMember ? 1 : 0) + Object.values(record).reduce<number>((n, v) => n + walk(v), 0);
  };
  const named = walk(JSON.parse(body));
  for (const m of members) expect(body).not.toContain(m.user.email);
  for (const role of ['superAdmin', 'moderator']) expect(body).not.toContain(`"${role}"`);
  return named;
}

beforeAll(async () => {
  t = await createTestApp();
  call = callThrough(t);
  maya = await signedInUser(t.deps, { accountType: 'seller', name: 'Maya Maker' });
  bea = await signedInUser(t.deps, { accountType: 'buyer', name: 'Bea Buyer' });
  boss = await signedInUser(t.deps, { accountType: 'both', role: 'superAdmin', name: 'Boss' });
  mod = await signedInUser(t.deps, { accountType: 'seller', role: 'moderator', name: 'Mo' });
  postId = (await createProduct(t, maya.user, { title: 'Walnut stool', price: 40 }))._id;
  await acceptedComment(t, boss.user, maya.user, postId, { text: 'Staff says hello' });
  await acceptedComment(t, bea.user, maya.user, postId, { text: 'Lovely' });
  await sendMessage(t, boss.token, { text: 'A word from the team' });
  await sendMessage(t, bea.token, { text: 'Is it still for sale?', recipient: maya.user.username });
  // Bea likes, follows and blocks: her own lists then name Maya, the boss and the moderator.
  for (const [endpoint, id] of [
    [socialApi.likeUser, maya.user.id],
    [socialApi.follow, maya.user.id],
    [socialApi.follow, boss.user.id],
    [socialApi.block, mod.user.id],
  ] as const)
    expect((await call(endpoint, { body: { id } }, bea.auth)).statusCode).toBe(200);
}, 300_000);
afterAll(() => t?.close());

describe('GET /users/:id: a profile shows public fields only, whoever it is', () => {
  const profile = async (who: Member, auth?: Record<string, string>) => {
    const res = await call(accountsApi.publicProfile, { params: { id: who.user.id } }, auth);
    expect(res.statusCode, res.body).toBe(200);
    expectNoPrivateMemberData(res.body);
    return res.json().user as Record<string, unknown>;
  };

  it.each(PUBLIC_MEMBER_FIELDS)('shows a stranger the public field %s', async (field) => {
    expect(await profile(maya)).toHaveProperty(field);
  });

  it.each(PRIVATE_MEMBER_FIELDS)('never shows a stranger %s', async (field) => {
    for (const who of [maya, bea, boss, mod]) expect(await profile(who)).not.toHaveProperty(field);
  });

  it('has exactly the public fields and counts — for a seller, a buyer and staff alike', async () => {
    for (const who of [maya, bea, boss, mod]) {
      const user = await profile(who);
      expect(Object.keys(user).sort()).toEqual(PROFILE_FIELDS);
      expect(user).toMatchObject({ _id: who.user.id, username: who.user.username });
    }
    expect(await profile(boss)).toMatchObject({ followersCount: 1, followingCount: 0 });
  });

  it('answers a signed-in member the same as a stranger', async () => {
    expect(await profile(boss, bea.auth)).toEqual(await profile(boss));
    expect(await profile(maya, mod.auth)).toEqual(await profile(maya));
  });
});

describe('the member themself and staff keep their data', () => {
  it('GET /users/me gives the member their email, role, account type, plan and dates', async () => {
    const res = await call(accountsApi.me, {}, boss.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      email: boss.user.email,
      role: 'superAdmin',
      accountType: 'both',
      likesType: 'user',
    });
    expect(res.json().user).toHaveProperty('plan');
    expect(res.json().user.createdAt).toMatch(/^\d{4}-/);
  });

  it('GET /admin/users gives staff the role, account type, email and status of everyone', async () => {
    const res = await call(accountsApi.adminUsers, { query: { q: mod.user.username } }, boss.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().users).toEqual([
      expect.objectContaining({
        _id: mod.user.id,
        email: mod.user.email,
        role: 'moderator',
        accountType: 'seller',
        status: 'active',
      }),
    ]);
  });
});

describe('likes and the social lists show public fields only', () => {
  it('POST /users/like answers the member liked with public fields only', async () => {
    const sam = await signedInUser(t.deps, { accountType: 'buyer' });
    const res = await call(socialApi.likeUser, { body: { id: boss.user.id } }, sam.auth);
    expect(res.statusCode, res.body).toBe(200);
    expectNoPrivateMemberData(res.body);
    const { user } = res.json();
    for (const field of PRIVATE_MEMBER_FIELDS) expect(user, field).not.toHaveProperty(field);
    expect(Object.keys(user).sort()).toEqual([...PUBLIC_MEMBER_FIELDS].sort());
    expect(user).toMatchObject({ _id: boss.user.id, likesCount: 1 });
  });

  it.each([
    ['GET /users/favorites', socialApi.favoriteUsers, () => maya],
    ['GET /users/following', socialApi.following, () => maya],
    ['GET /users/blocked', socialApi.blockedUsers, () => mod],
  ] as const)(
    '%s names each member with public fields and counts only',
    async (_, endpoint, who) => {
      const res = await call(endpoint, {}, bea.auth);
      expect(res.statusCode, res.body).toBe(200);
      expectNoPrivateMemberData(res.body);
      const { users } = res.json() as { users: Record<string, unknown>[] };
      expect(users.map((u) => u._id)).toContain(who().user.id);
      for (const user of users) {
        for (const field of PRIVATE_MEMBER_FIELDS) expect(user, field).not.toHaveProperty(field);
        expect(Object.keys(user).sort()).toEqual(PROFILE_FIELDS);
      }
    },
  );

  it('GET /users/following?id= names a followed staff member with public fields only', async () => {
    const res = await call(socialApi.following, { query: { id: boss.user.id } }, bea.auth);
    expect(res.statusCode, res.body).toBe(200);
    expectNoPrivateMemberData(res.body);
    expect(Object.keys(res.json()).sort()).toEqual(PROFILE_FIELDS);
  });
});

describe('authors, sellers and owners in public answers show public fields only', () => {
  it('a comment names its author, staff too, by id, username, name and picture only', async () => {
    const res = await call(commentsApi.postComments, { query: { productId: postId } });
    expect(res.statusCode, res.body).toBe(200);
    expectNoPrivateMemberData(res.body);
    const authors = (res.json().comments as { user: Record<string, unknown> }[]).map((c) => c.user);
    expect(authors.map((a) => a._id).sort()).toEqual([boss.user.id, bea.user.id].sort());
    for (const author of authors)
      expect(Object.keys(author).sort()).toEqual(['_id', 'image', 'name', 'username']);
  });

  it('public messages name their author with public fields only', async () => {
    for (const res of [
      await call(messagesApi.feed),
      await call(messagesApi.byUser, { params: { username: boss.user.username } }),
    ]) {
      expect(res.statusCode, res.body).toBe(200);
      expectNoPrivateMemberData(res.body);
      const authors = (res.json().messages as { user: Record<string, unknown> }[]).map(
        (m) => m.user,
      );
      expect(authors.map((a) => a._id)).toContain(boss.user.id);
      for (const author of authors)
        expect(Object.keys(author).sort()).toEqual(['_id', 'image', 'name', 'username']);
    }
  });

  it('a private conversation names both members with public fields only', async () => {
    const res = await call(messagesApi.thread, { params: { userId: bea.user.id } }, maya.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(expectNoPrivateMemberData(res.body)).toBeGreaterThan(0);
  });

  it.each([
    ['GET /products', () => call(catalogApi.products)],
    ['GET /products/:id', () => call(catalogApi.product, { params: { id: postId } })],
    [
      'GET /products/user/:username',
      () => call(catalogApi.productsByUser, { params: { username: maya.user.username } }),
    ],
    ['POST /products/search', () => call(catalogApi.search, { body: { query: 'Walnut' } })],
    ['GET /sellers/featured', () => call(catalogApi.featuredSellers)],
    [
      'GET /sites?username=',
      () => call(sitesApi.site, { query: { username: maya.user.username } }),
    ],
  ])('%s names the seller with public fields only', async (_, request) => {
    const res = await request();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(maya.user.id);
    expect(expectNoPrivateMemberData(res.body)).toBeGreaterThan(0);
  });
});
