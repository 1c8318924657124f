import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCommentStatus } from '../../../src/server/modules/comments';
import type { CommentList } from '../../../src/shared/contracts/comments';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { block, createTestComment, getAs, setUserStatus } from '../../factories/comments';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const listOf = async (url: string, auth: Record<string, string>) => {
  const res = await getAs(t, url, auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CommentList;
};
const texts = (list: CommentList) => list.comments.map((c) => c.text);

describe('GET /comments/mine', () => {
  it('lists my comments in every status, newest first, each with its post', async () => {
    const owner = await signedInUser(t.deps, { username: `maya-${Date.now()}` });
    const sam = await signedInUser(t.deps);
    const stool = await createProduct(t, owner.user, { title: 'Stool' });
    const lamp = await createProduct(t, owner.user, { title: 'Lamp' });
    const a = await createTestComment(t, sam.user, stool._id, { text: 'a' });
    await createTestComment(t, sam.user, lamp._id, { text: 'b' });
    const c = await createTestComment(t, sam.user, lamp._id, { text: 'c' });
    await createTestComment(t, owner.user, lamp._id, { text: 'not mine' });
    await setCommentStatus(t.moduleDeps(), owner.user, a._id, 'accepted');
    await setCommentStatus(t.moduleDeps(), owner.user, c._id, 'rejected');

    for (const url of ['/comments/mine', '/comments/mine/']) {
      const mine = await listOf(url, sam.auth);
      expect(texts(mine), url).toEqual(['c', 'b', 'a']);
      expect(mine.recordsCount).toBe(3);
      expect(mine.comments.map((x) => x.status)).toEqual(['rejected', 'pending', 'accepted']);
      expect(mine.comments[2]!.product).toEqual({
        _id: stool._id,
        title: 'Stool',
        user: { _id: owner.user.id, username: owner.user.username },
      });
    }
    expect(texts(await listOf('/comments/mine?status=pending', sam.auth))).toEqual(['b']);
    const paged = await listOf('/comments/mine?limit=2&page=2', sam.auth);
    expect(texts(paged)).toEqual(['a']);
    expect(paged.recordsCount).toBe(3);
    const other = await signedInUser(t.deps);
    expect(await listOf('/comments/mine', other.auth)).toEqual({ comments: [], recordsCount: 0 });
    const bad = await getAs(t, '/comments/mine?status=approved', sam.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Choose one of: pending, accepted, rejected\./);
    expect((await getAs(t, '/comments/mine')).statusCode).toBe(401);
  });
});

describe('GET /comments/review', () => {
  it('lists the comments waiting for review on my posts, oldest first', async () => {
    const owner = await signedInUser(t.deps);
    const other = await signedInUser(t.deps);
    const sam = await signedInUser(t.deps);
    const leo = await signedInUser(t.deps);
    const gone = await signedInUser(t.deps);
    const blocked = await signedInUser(t.deps);
    const mine = await createProduct(t, owner.user, { title: 'Mine' });
    const theirs = await createProduct(t, other.user, { title: 'Theirs' });
    await createTestComment(t, sam.user, mine._id, { text: 'first' });
    await createTestComment(t, leo.user, theirs._id, { text: 'elsewhere' });
    const decided = await createTestComment(t, leo.user, mine._id, { text: 'decided' });
    await createTestComment(t, leo.user, mine._id, { text: 'second' });
    await createTestComment(t, gone.user, mine._id, { text: 'suspended' });
    await createTestComment(t, blocked.user, mine._id, { text: 'blocked' });
    await setCommentStatus(t.moduleDeps(), owner.user, decided._id, 'accepted');
    await setUserStatus(t, gone.user.id, 'suspended');
    await block(t, owner.user.id, blocked.user.id);

    for (const url of ['/comments/review', '/comments/review/', '/comments/review?scope=mine']) {
      const queue = await listOf(url, owner.auth);
      expect(texts(queue), url).toEqual(['first', 'second']);
      expect(queue.recordsCount).toBe(2);
      expect(queue.comments[0]).toMatchObject({
        status: 'pending',
        user: { _id: sam.user.id },
        product: { _id: mine._id, title: 'Mine', user: { _id: owner.user.id } },
      });
    }
    expect(texts(await listOf('/comments/review', other.auth))).toEqual(['elsewhere']);
    expect(texts(await listOf('/comments/review', sam.auth))).toEqual([]);
  });

  it('gives moderators and admins every pending comment with scope=all, and refuses others', async () => {
    const owner = await signedInUser(t.deps);
    const sam = await signedInUser(t.deps);
    const post = await createProduct(t, owner.user);
    const pending = await createTestComment(t, sam.user, post._id, { text: 'for the queue' });
    for (const role of ['moderator', 'admin', 'superAdmin'] as const) {
      const reviewer = await signedInUser(t.deps, { role });
      const all = await listOf('/comments/review?scope=all&limit=100', reviewer.auth);
      expect(
        all.comments.map((c) => c._id),
        role,
      ).toContain(pending._id);
      expect(all.comments.every((c) => c.status === 'pending')).toBe(true);
      const oldestFirst = all.comments.map((c) => c.createdAt);
      expect(oldestFirst).toEqual([...oldestFirst].sort());
    }
    const res = await getAs(t, '/comments/review?scope=all', owner.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Only moderators and admins can see every comment waiting for review.',
    );
    const bad = await getAs(t, '/comments/review?scope=everyone', owner.auth);
    expect(bad.statusCode).toBe(400);
    expect((await getAs(t, '/comments/review')).statusCode).toBe(401);
  });
});
