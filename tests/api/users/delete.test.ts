import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comments,
  follows,
  messages,
  products,
  reports,
  sites,
  tags,
  users,
} from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createUser, inject, signedInUser } from '../../factories/accounts';
import { attachStoredImages, createProduct, storedPath } from '../../factories/catalog';
import {
  actionsOn,
  addComment,
  addMessage,
  call,
  like,
  report,
  reportsOn,
} from '../../factories/moderation';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const db = () => t.deps.database.db;
const remove = (token: string | undefined, id: string) =>
  call(t, token, 'DELETE', `/api/v1/users?id=${encodeURIComponent(id)}`);
const exists = async (id: string) =>
  (await db().select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;
const likesOf = {
  product: async (id: string) =>
    (await db().select({ n: products.likesCount }).from(products).where(eq(products.id, id)))[0]?.n,
  user: async (id: string) =>
    (await db().select({ n: users.likesCount }).from(users).where(eq(users.id, id)))[0]?.n,
  message: async (id: string) =>
    (await db().select({ n: messages.likesCount }).from(messages).where(eq(messages.id, id)))[0]?.n,
};

/** Gives `userId` a stored avatar and site logo, as the upload calls would; returns the keys. */
async function storeAvatarAndLogo(userId: string): Promise<string[]> {
  const avatar = await t.deps.storage.put(
    `avatars/${userId}/a.webp`,
    Buffer.from('a'),
    'image/webp',
  );
  const logo = await t.deps.storage.put(`logos/${userId}/l.webp`, Buffer.from('l'), 'image/webp');
  await db()
    .update(users)
    .set({ imageKeys: [avatar.key] })
    .where(eq(users.id, userId));
  await db()
    .update(sites)
    .set({ imageKeys: [logo.key] })
    .where(eq(sites.userId, userId));
  return [avatar.key, logo.key];
}

describe('DELETE /users?id=', () => {
  it('deletes the member with everything they published, in one go, and keeps the records of others', async () => {
    const admin = await signedInUser(t.deps, { role: 'admin' });
    const member = await signedInUser(t.deps);
    const other = await signedInUser(t.deps);
    const tag = `gone-${process.pid}`;

    // What the member published and gave.
    const post = await createProduct(t, { id: member.user.id, role: 'user' }, { _tags: [tag] });
    const postFiles = await attachStoredImages(t, post._id, 1);
    const profileFiles = await storeAvatarAndLogo(member.user.id);
    const messageFile = await t.deps.storage.put(
      `messages/${member.user.id}/m.webp`,
      Buffer.from('m'),
      'image/webp',
    );
    const theirMessage = await addMessage(t, {
      userId: member.user.id,
      medias: [
        {
          id: 'm1',
          type: 'image',
          alt: '',
          thumbnails: [],
          fullsizes: [{ url: messageFile.url, width: 10 }],
          width: 10,
          height: 10,
          keys: [messageFile.key],
        },
      ],
    });
    const privateToThem = await addMessage(t, {
      userId: other.user.id,
      recipientId: member.user.id,
    });
    const othersPost = await createProduct(t, { id: other.user.id, role: 'user' });
    const othersMessage = await addMessage(t, { userId: other.user.id });
    await like(t, member.user.id, {
      productId: othersPost._id,
      likedUserId: other.user.id,
      messageId: othersMessage.id,
    });
    await like(t, other.user.id, { productId: post._id, messageId: theirMessage.id });
    await db().insert(follows).values({ followerId: member.user.id, followeeId: other.user.id });
    const theirComment = await addComment(t, {
      productId: othersPost._id,
      userId: member.user.id,
      status: 'accepted',
    });
    // A report they filed, and one about them.
    expect(
      (
        await report(t, member.token, {
          targetType: 'product',
          targetId: othersPost._id,
          reason: 'Fake',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await report(t, other.token, {
          targetType: 'user',
          targetId: member.user.id,
          reason: 'Spam',
        })
      ).statusCode,
    ).toBe(201);
    expect((await db().select().from(tags).where(eq(tags.name, tag)))[0]?.publishedCount).toBe(1);
    expect(await likesOf.product(othersPost._id)).toBe(1);

    const res = await remove(admin.token, member.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: member.user.id });

    // The account and what hangs off it are gone.
    expect(await exists(member.user.id)).toBe(false);
    expect(await db().select().from(sites).where(eq(sites.userId, member.user.id))).toEqual([]);
    expect(await db().select().from(products).where(eq(products.id, post._id))).toEqual([]);
    expect(await db().select().from(messages).where(eq(messages.id, theirMessage.id))).toEqual([]);
    expect(await db().select().from(messages).where(eq(messages.id, privateToThem.id))).toEqual([]);
    expect(await db().select().from(comments).where(eq(comments.id, theirComment.id))).toEqual([]);
    expect(await db().select().from(follows).where(eq(follows.followerId, member.user.id))).toEqual(
      [],
    );
    expect((await inject(t, { url: `/api/v1/users/${member.user.id}` })).statusCode).toBe(404);
    expect(
      (await inject(t, { url: `/api/v1/sites?username=${member.user.username}` })).statusCode,
    ).toBe(404);
    const login = await inject(t, {
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: member.user.email, password: member.password },
    });
    expect(login.statusCode).toBe(401);
    expect((await call(t, member.token, 'GET', '/api/v1/users/me')).statusCode).toBe(401);

    // The likes they gave came off the counts; tag counts follow their posts.
    expect(await likesOf.product(othersPost._id)).toBe(0);
    expect(await likesOf.user(other.user.id)).toBe(0);
    expect(await likesOf.message(othersMessage.id)).toBe(0);
    expect((await db().select().from(tags).where(eq(tags.name, tag)))[0]?.publishedCount).toBe(0);

    // Reports they filed stay (without them); reports about them are closed.
    const filed = await reportsOn(t, othersPost._id);
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({ reporterId: null, status: 'open', reason: 'Fake' });
    const about = await reportsOn(t, member.user.id);
    expect(about[0]).toMatchObject({
      status: 'actioned',
      targetUserId: null,
      decidedBy: admin.user.id,
    });

    // Every stored file is deleted by the job queued in the same transaction.
    const files = [...postFiles, ...profileFiles, messageFile.key];
    for (const key of files) expect(existsSync(storedPath(t, key)), key).toBe(true);
    await t.runJobs();
    for (const key of files) expect(existsSync(storedPath(t, key)), key).toBe(false);

    // The decision is logged with the username written at the time.
    const log = await actionsOn(t, member.user.id);
    expect(log.at(-1)).toMatchObject({
      action: 'delete',
      actorId: admin.user.id,
      targetType: 'user',
    });
    expect(log.at(-1)!.note).toContain(
      `@${member.user.username} deleted with 1 post and 2 messages; 1 open report closed`,
    );
  });

  it('lets only a super admin delete an admin, never oneself, and refuses moderators and members', async () => {
    const admin = await signedInUser(t.deps, { role: 'admin' });
    const otherAdmin = await createUser(t.deps, { role: 'admin' });
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    const member = await signedInUser(t.deps);
    const target = await createUser(t.deps);

    const byAdmin = await remove(admin.token, otherAdmin.user.id);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toMatchObject({
      code: 'SUPER_ADMIN_ONLY',
      message: 'Only a super admin can delete an admin.',
    });
    const self = await remove(admin.token, admin.user.id);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({
      code: 'OWN_ACCOUNT',
      message: 'You cannot delete your own account here.',
    });
    expect((await remove(moderator.token, target.user.id)).statusCode).toBe(403);
    expect((await remove(member.token, target.user.id)).statusCode).toBe(403);
    expect((await remove(undefined, target.user.id)).statusCode).toBe(401);
    for (const id of [otherAdmin.user.id, admin.user.id, target.user.id])
      expect(await exists(id)).toBe(true);

    const root = await signedInUser(t.deps, { role: 'superAdmin' });
    expect((await remove(root.token, otherAdmin.user.id)).statusCode).toBe(200);
    expect((await remove(admin.token, moderator.user.id)).statusCode).toBe(200);
    expect(await exists(otherAdmin.user.id)).toBe(false);
    expect(await exists(moderator.user.id)).toBe(false);
  });

  it('answers 404 for an unknown account and 400 for a malformed id, changing nothing', async () => {
    const admin = await signedInUser(t.deps, { role: 'admin' });
    const unknown = await remove(admin.token, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('USER_NOT_FOUND');
    const bad = await remove(admin.token, 'leo');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('id: Must be a user id.');
    const missing = await call(t, admin.token, 'DELETE', '/api/v1/users');
    expect(missing.json().message).toBe('id: This field is required.');
  });

  it('keeps a deleted moderator’s decisions in the log, without their name', async () => {
    const root = await signedInUser(t.deps, { role: 'superAdmin' });
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    const member = await createUser(t.deps);
    await call(t, moderator.token, 'PATCH', '/api/v1/users/status', {
      id: member.user.id,
      status: 'suspended',
    });
    expect((await remove(root.token, moderator.user.id)).statusCode).toBe(200);
    const [decision] = await actionsOn(t, member.user.id);
    expect(decision).toMatchObject({ action: 'suspend', actorId: null });
    const log = await call(t, root.token, 'GET', '/api/v1/moderation/actions?limit=100');
    const entry = log
      .json()
      .actions.find((a: { targetId: string }) => a.targetId === member.user.id);
    expect(entry).toMatchObject({ action: 'suspend', actor: null });
    expect(
      await db().select().from(reports).where(eq(reports.reporterId, moderator.user.id)),
    ).toEqual([]);
  });
});

describe('the last active super admin', () => {
  it('is never deleted', async () => {
    const own = await createTestApp();
    try {
      const a = await signedInUser(own.deps, { role: 'superAdmin' });
      const b = await signedInUser(own.deps, { role: 'superAdmin' });
      const del = (token: string, id: string) =>
        own.app.inject({
          method: 'DELETE',
          url: `/api/v1/users?id=${id}`,
          headers: { 'x-access-token': token },
        });
      const results = await Promise.all([del(a.token, b.user.id), del(b.token, a.user.id)]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      const left = await own.deps.database.db.select({ id: users.id }).from(users);
      expect(left).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});
