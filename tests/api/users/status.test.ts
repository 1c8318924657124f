import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tags, users } from '../../../src/server/db/schema';
import { SUSPENDED } from '../../../src/server/modules/accounts/login';
import { LAST_ACTIVE_SUPER_ADMIN } from '../../../src/server/modules/accounts';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createUser, inject, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { actionsOn, addComment, call, report } from '../../factories/moderation';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const setStatus = (token: string | undefined, payload: unknown) =>
  call(t, token, 'PATCH', '/api/v1/users/status', payload);

const statusOf = async (id: string) =>
  (await t.deps.database.db.select({ status: users.status }).from(users).where(eq(users.id, id)))[0]
    ?.status;

const tagCount = async (name: string) =>
  (await t.deps.database.db.select().from(tags).where(eq(tags.name, name)))[0]?.publishedCount ?? 0;

/** What anyone can see of a seller: their profile, site, posts in every list, search and sitemap. */
async function publicView(
  user: { id: string; username: string },
  { _id: postId, path }: { _id: string; path: string },
  tag: string,
  word: string,
) {
  const search = await inject(t, {
    method: 'POST',
    url: '/api/v1/products/search',
    payload: { query: word },
  });
  const sitemap = await inject(t, { url: '/sitemaps/posts-1.xml' });
  const ids = (res: { json(): { products: { _id: string }[] } }) =>
    res.json().products.map((p) => p._id);
  return {
    profile: (await inject(t, { url: `/api/v1/users/${user.id}` })).statusCode,
    site: (await inject(t, { url: `/api/v1/sites?username=${user.username}` })).statusCode,
    post: (await inject(t, { url: `/api/v1/products/${postId}` })).statusCode,
    inList: ids(await inject(t, { url: '/api/v1/products?limit=100' })).includes(postId),
    inTag: ids(await inject(t, { url: `/api/v1/products/tags/${tag}` })).includes(postId),
    inSearch: (search.json().results as { _id: string }[]).some((p) => p._id === postId),
    inSitemap: sitemap.body.includes(path),
    tagCount: await tagCount(tag),
    inDirectory: (await inject(t, { url: `/api/v1/users?name=${user.username}` }))
      .json()
      .users.some((u: { _id: string }) => u._id === user.id),
  };
}

describe('PATCH /users/status: suspending', () => {
  it('ends the member’s sessions at once, refuses their login and hides them; reinstating restores it all', async () => {
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    const seller = await signedInUser(t.deps, { username: `sus-${process.pid}` });
    const word = `quokka${process.pid}`;
    const tag = `tag-${process.pid}`;
    const post = await createProduct(
      t,
      { id: seller.user.id, role: 'user' },
      {
        title: `Vintage ${word} lamp`,
        _tags: [tag],
      },
    );
    await createProduct(
      t,
      { id: seller.user.id, role: 'user' },
      {
        title: 'A draft',
        _tags: [tag],
        status: 'draft',
      },
    );
    expect(await publicView(seller.user, post, tag, word)).toEqual({
      profile: 200,
      site: 200,
      post: 200,
      inList: true,
      inTag: true,
      inSearch: true,
      inSitemap: true,
      tagCount: 1,
      inDirectory: true,
    });

    const res = await setStatus(moderator.token, { id: seller.user.id, status: 'suspended' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      _id: seller.user.id,
      status: 'suspended',
      email: seller.user.email,
    });

    // The access token issued before is refused, and so is the refresh token.
    const me = await call(t, seller.token, 'GET', '/api/v1/users/me');
    expect(me.statusCode).toBe(401);
    const refresh = await inject(t, {
      method: 'POST',
      url: '/api/v1/token',
      payload: { refreshToken: seller.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    // Logging in again is refused with a message that says why.
    const login = await inject(t, {
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: seller.user.email, password: seller.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: SUSPENDED });

    expect(await publicView(seller.user, post, tag, word)).toEqual({
      profile: 404,
      site: 404,
      post: 404,
      inList: false,
      inTag: false,
      inSearch: false,
      inSitemap: false,
      tagCount: 0,
      inDirectory: false,
    });
    // Staff still find the account.
    const admin = await signedInUser(t.deps, { role: 'admin' });
    const listed = await call(
      t,
      admin.token,
      'GET',
      `/api/v1/admin/users?q=${seller.user.username}`,
    );
    expect(listed.json().users[0]).toMatchObject({ status: 'suspended' });

    const back = await setStatus(admin.token, { id: seller.user.id, status: 'active' });
    expect(back.statusCode).toBe(200);
    expect(back.json().user.status).toBe('active');
    expect(await publicView(seller.user, post, tag, word)).toEqual({
      profile: 200,
      site: 200,
      post: 200,
      inList: true,
      inTag: true,
      inSearch: true,
      inSitemap: true,
      tagCount: 1,
      inDirectory: true,
    });
    // The draft stayed a draft; the old session stays ended; a new login works.
    const mine = await inject(t, {
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: seller.user.email, password: seller.password },
    });
    expect(mine.statusCode).toBe(200);
    const drafts = await call(
      t,
      mine.json().user.token,
      'GET',
      '/api/v1/products/mine?status=draft',
    );
    expect(drafts.json().recordsCount).toBe(1);
    expect((await call(t, seller.token, 'GET', '/api/v1/users/me')).statusCode).toBe(401);

    const log = await actionsOn(t, seller.user.id);
    expect(log.map((a) => [a.action, a.actorId])).toEqual([
      ['suspend', moderator.user.id],
      ['reinstate', admin.user.id],
    ]);
    expect(log[0]!.note).toContain(`@${seller.user.username} suspended`);
  });

  it('keeps a hidden post out of the tag counts when an admin edits it, until the seller is back', async () => {
    const admin = await signedInUser(t.deps, { role: 'admin' });
    const seller = await createUser(t.deps);
    const [before, after] = [`before-${process.pid}`, `after-${process.pid}`];
    const post = await createProduct(t, { id: seller.user.id, role: 'user' }, { _tags: [before] });
    await setStatus(admin.token, { id: seller.user.id, status: 'suspended' });
    const edit = await call(t, admin.token, 'PUT', '/api/v1/products', {
      _id: post._id,
      title: post.title,
      description: post.description,
      price: post.price,
      shippingCost: post.shippingCost,
      stock: post.stock,
      _tags: [after],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const archived = await call(t, admin.token, 'PATCH', '/api/v1/products/status', {
      id: post._id,
      status: 'archived',
    });
    expect(archived.statusCode).toBe(200);
    await call(t, admin.token, 'PATCH', '/api/v1/products/status', {
      id: post._id,
      status: 'published',
    });
    expect([await tagCount(before), await tagCount(after)]).toEqual([0, 0]);
    await setStatus(admin.token, { id: seller.user.id, status: 'active' });
    expect([await tagCount(before), await tagCount(after)]).toEqual([0, 1]);
  });

  it('closes the open reports about the member when suspending them', async () => {
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    const reporter = await signedInUser(t.deps);
    const author = await createUser(t.deps);
    const post = await createProduct(t, { id: author.user.id, role: 'user' });
    const comment = await addComment(t, {
      productId: post._id,
      userId: author.user.id,
      status: 'accepted',
    });
    expect(
      (
        await report(t, reporter.token, {
          targetType: 'comment',
          targetId: comment.id,
          reason: 'Rude',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await report(t, reporter.token, {
          targetType: 'user',
          targetId: author.user.id,
          reason: 'Spam',
        })
      ).statusCode,
    ).toBe(201);
    await setStatus(moderator.token, { id: author.user.id, status: 'suspended' });
    const queue = await call(
      t,
      moderator.token,
      'GET',
      '/api/v1/moderation/queue?kind=reports&limit=100',
    );
    const targets = queue.json().items.map((i: { targetId: string }) => i.targetId);
    expect(targets).not.toContain(comment.id);
    expect(targets).not.toContain(author.user.id);
    expect((await actionsOn(t, author.user.id))[0]!.note).toContain('2 open reports closed');
  });

  it('answers again with the account, and logs nothing, when the status does not change', async () => {
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    const member = await createUser(t.deps);
    const res = await setStatus(moderator.token, { id: member.user.id, status: 'active' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.status).toBe('active');
    expect(await actionsOn(t, member.user.id)).toEqual([]);
  });
});

describe('PATCH /users/status: who may suspend whom', () => {
  it('never lets anyone suspend themselves', async () => {
    for (const role of ['moderator', 'admin', 'superAdmin'] as const) {
      const me = await signedInUser(t.deps, { role });
      const res = await setStatus(me.token, { id: me.user.id.toUpperCase(), status: 'suspended' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'OWN_ACCOUNT',
        message: 'You cannot suspend your own account.',
      });
      expect(await statusOf(me.user.id)).toBe('active');
    }
  });

  it('lets only a super admin suspend an admin, and only an admin suspend a moderator', async () => {
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    const otherModerator = await createUser(t.deps, { role: 'moderator' });
    const admin = await signedInUser(t.deps, { role: 'admin' });
    const otherAdmin = await createUser(t.deps, { role: 'admin' });
    const root = await signedInUser(t.deps, { role: 'superAdmin' });

    const byModerator = await setStatus(moderator.token, {
      id: admin.user.id,
      status: 'suspended',
    });
    expect(byModerator.statusCode).toBe(403);
    expect(byModerator.json()).toMatchObject({
      code: 'SUPER_ADMIN_ONLY',
      message: 'Only a super admin can suspend an admin.',
    });
    const peer = await setStatus(moderator.token, {
      id: otherModerator.user.id,
      status: 'suspended',
    });
    expect(peer.statusCode).toBe(403);
    expect(peer.json().message).toBe('Only an admin can suspend a moderator.');
    expect(
      (await setStatus(admin.token, { id: otherAdmin.user.id, status: 'suspended' })).statusCode,
    ).toBe(403);
    expect(await statusOf(admin.user.id)).toBe('active');
    expect(await statusOf(otherAdmin.user.id)).toBe('active');
    expect(await statusOf(otherModerator.user.id)).toBe('active');

    expect(
      (await setStatus(admin.token, { id: otherModerator.user.id, status: 'suspended' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await setStatus(root.token, { id: otherAdmin.user.id, status: 'suspended' })).statusCode,
    ).toBe(200);
    expect(await statusOf(otherAdmin.user.id)).toBe('suspended');
  });

  it('is 401 signed out, 403 for members, 404 for an unknown account, 400 for bad input', async () => {
    const target = await createUser(t.deps);
    expect(
      (await setStatus(undefined, { id: target.user.id, status: 'suspended' })).statusCode,
    ).toBe(401);
    const member = await signedInUser(t.deps);
    expect(
      (await setStatus(member.token, { id: target.user.id, status: 'suspended' })).statusCode,
    ).toBe(403);
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    const unknown = await setStatus(moderator.token, {
      id: '00000000-0000-4000-8000-000000000000',
      status: 'suspended',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('USER_NOT_FOUND');
    const bad = await setStatus(moderator.token, { id: target.user.id, status: 'banned' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('status: Choose one of: active, suspended.');
    const badId = await setStatus(moderator.token, { id: 'leo', status: 'suspended' });
    expect(badId.json().message).toBe('id: Must be a user id.');
    expect(await statusOf(target.user.id)).toBe('active');
    expect(await actionsOn(t, target.user.id)).toEqual([]);
  });
});

describe('the last active super admin', () => {
  it('is never suspended, even when two super admins suspend each other at the same moment', async () => {
    const own = await createTestApp();
    try {
      const a = await signedInUser(own.deps, { role: 'superAdmin' });
      const b = await signedInUser(own.deps, { role: 'superAdmin' });
      const suspend = (token: string, id: string) =>
        own.app.inject({
          method: 'PATCH',
          url: '/api/v1/users/status',
          headers: { 'x-access-token': token },
          payload: { id, status: 'suspended' },
        });
      const results = await Promise.all([suspend(a.token, b.user.id), suspend(b.token, a.user.id)]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses[0]).toBe(200);
      // The loser is refused: its session already ended (401), or it would leave none (409).
      expect([401, 409]).toContain(statuses[1]);
      const loser = results.find((r) => r.statusCode !== 200)!;
      if (loser.statusCode === 409)
        expect(loser.json()).toMatchObject({
          code: 'LAST_SUPER_ADMIN',
          message: LAST_ACTIVE_SUPER_ADMIN,
        });
      const active = await own.deps.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.status, 'active'));
      expect(active).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});
