import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../../src/server/db/schema';
import { onContentChange, type ContentChange } from '../../../src/server/modules/core';
import type { PostComments } from '../../../src/shared/contracts/comments';
import { createTestApp, type TestApp } from '../../helpers/app';
import { inject, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import {
  acceptedComment,
  allComments,
  createTestComment,
  getAs,
  patchStatus,
  storedComment,
} from '../../factories/comments';

let t: TestApp;
const changes: ContentChange[] = [];
beforeAll(async () => {
  t = await createTestApp();
  onContentChange(t.deps.env, (change) => changes.push(change));
});
afterAll(() => t?.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

async function scene() {
  const owner = await signedInUser(t.deps);
  const sam = await signedInUser(t.deps);
  const post = await createProduct(t, owner.user);
  const pending = await createTestComment(t, sam.user, post._id, { text: 'Nice!' });
  return { owner, sam, post, pending };
}

const publicTexts = async (productId: string) =>
  ((await getAs(t, `/comments?productId=${productId}`)).json() as PostComments).comments.map(
    (c) => c.text,
  );

describe('PATCH /comment/:commentId/status', () => {
  it("lets the post's owner approve a comment: it turns public, who and when are kept", async () => {
    const { owner, sam, post, pending } = await scene();
    expect(await publicTexts(post._id)).toEqual([]);
    changes.length = 0;
    const res = await patchStatus(t, owner.auth, pending._id, 'accepted');
    expect(res.statusCode).toBe(200);
    expect(res.json().comment).toMatchObject({
      _id: pending._id,
      status: 'accepted',
      text: 'Nice!',
      user: { _id: sam.user.id, username: sam.user.username },
    });
    expect(res.json().comment.decidedAt).not.toBeNull();
    expect(await storedComment(t, pending._id)).toMatchObject({ decidedBy: owner.user.id });
    expect(await publicTexts(post._id)).toEqual(['Nice!']);
    // The seller's cached pages are told: one more comment, a soft change (docs/decisions/044).
    expect(changes).toContainEqual({ kind: 'user', userIds: [owner.user.id], soft: true });

    // Removing it later hides it again.
    const removed = await patchStatus(t, owner.auth, pending._id, 'rejected');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().comment.status).toBe('rejected');
    expect(await publicTexts(post._id)).toEqual([]);
  });

  it('lets moderators, admins and super admins review any comment', async () => {
    for (const role of ['moderator', 'admin', 'superAdmin'] as const) {
      const { pending } = await scene();
      const reviewer = await signedInUser(t.deps, { role });
      const res = await patchStatus(t, reviewer.auth, pending._id, 'rejected');
      expect(res.statusCode, role).toBe(200);
      expect(await storedComment(t, pending._id)).toMatchObject({
        status: 'rejected',
        decidedBy: reviewer.user.id,
      });
    }
  });

  it('refuses others (the author included) with 403, unknown ids with 404, and changes nothing', async () => {
    const { sam, pending } = await scene();
    const stranger = await signedInUser(t.deps);
    const before = await allComments(t);
    for (const who of [stranger, sam]) {
      const res = await patchStatus(t, who.auth, pending._id, 'accepted');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'NOT_OWNER',
        message: 'Only the owner of the post or a moderator can review this comment.',
      });
    }
    const unknown = await patchStatus(t, stranger.auth, UNKNOWN, 'accepted');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'COMMENT_NOT_FOUND',
      message: 'This comment could not be found. It may have been removed.',
    });
    const anonymous = await inject(t, {
      method: 'PATCH',
      url: `/api/v1/comment/${pending._id}/status`,
      payload: { status: 'accepted' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await allComments(t)).toEqual(before);
  });

  it('answers 409 to the status a comment already has, and 400 to a status it cannot be set to', async () => {
    const { owner, pending } = await scene();
    expect((await patchStatus(t, owner.auth, pending._id, 'accepted')).statusCode).toBe(200);
    const row = await storedComment(t, pending._id);
    const again = await patchStatus(t, owner.auth, pending._id, 'accepted');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_DECIDED',
      message: 'This comment is already approved.',
    });
    expect(await storedComment(t, pending._id)).toEqual(row);
    for (const status of ['pending', 'approved', '']) {
      const res = await patchStatus(t, owner.auth, pending._id, status);
      expect(res.statusCode, status).toBe(400);
      expect(res.json().message).toMatch(/Choose accepted \(approve the comment\) or rejected/);
    }
    const badId = await patchStatus(t, owner.auth, 'nope', 'accepted');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/Must be a comment id\./);
  });

  it("tells the thread's author when a reply to them is approved", async () => {
    const { owner, sam, post, pending } = await scene();
    await patchStatus(t, owner.auth, pending._id, 'accepted');
    const leo = await signedInUser(t.deps);
    const reply = await createTestComment(t, leo.user, post._id, { replyTo: pending._id });
    const repliesToSam = () =>
      t.deps.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, sam.user.id), eq(notifications.kind, 'comment_reply')));
    expect(await repliesToSam()).toEqual([]);
    await patchStatus(t, owner.auth, reply._id, 'accepted');
    const notes = await repliesToSam();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      actorId: leo.user.id,
      data: { productId: post._id, commentId: reply._id, title: post.title },
    });
  });
});

describe('DELETE /comment/:commentId', () => {
  const del = (auth: Record<string, string> | undefined, id: string) =>
    inject(t, {
      method: 'DELETE',
      url: `/api/v1/comment/${id}`,
      ...(auth ? { headers: auth } : {}),
    });

  it('lets the author delete their own comment', async () => {
    const { sam, pending } = await scene();
    changes.length = 0;
    const res = await del(sam.auth, pending._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: pending._id });
    expect(await storedComment(t, pending._id)).toBeUndefined();
    // A pending comment was never public: no page changed.
    expect(changes).toEqual([]);
    expect((await del(sam.auth, pending._id)).statusCode).toBe(404);
  });

  it("lets the post's owner and moderators delete any comment on it; a thread goes with its replies", async () => {
    const { owner, sam, post } = await scene();
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    const top = await acceptedComment(t, sam.user, owner.user, post._id, { text: 'top' });
    const reply = await acceptedComment(t, sam.user, owner.user, post._id, { replyTo: top._id });
    const other = await acceptedComment(t, sam.user, owner.user, post._id, { text: 'other' });
    changes.length = 0;
    expect((await del(owner.auth, top._id)).statusCode).toBe(200);
    expect(await storedComment(t, reply._id)).toBeUndefined();
    expect(changes).toEqual([{ kind: 'user', userIds: [owner.user.id] }]);
    expect(await publicTexts(post._id)).toEqual(['other']);
    expect((await del(moderator.auth, other._id)).statusCode).toBe(200);
    expect(await publicTexts(post._id)).toEqual([]);
  });

  it('refuses everyone else (403), unknown ids (404) and anonymous callers (401), changing nothing', async () => {
    const { pending } = await scene();
    const stranger = await signedInUser(t.deps);
    const before = await allComments(t);
    const res = await del(stranger.auth, pending._id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'NOT_AUTHOR',
      message: 'You can only delete your own comments.',
    });
    const unknown = await del(stranger.auth, UNKNOWN);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('COMMENT_NOT_FOUND');
    expect((await del(undefined, pending._id)).statusCode).toBe(401);
    expect(await allComments(t)).toEqual(before);
  });
});
