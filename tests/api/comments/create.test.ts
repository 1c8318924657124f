import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, products } from '../../../src/server/db/schema';
import { setCommentStatus } from '../../../src/server/modules/comments';
import { SOCIAL_LIMITS } from '../../../src/shared/contracts/social-rules';
import { MESSAGES } from '../../../src/shared/messages';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import {
  acceptedComment,
  allComments,
  block,
  createTestComment,
  postComment,
  setUserStatus,
  storedComment,
} from '../../factories/comments';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function seller() {
  const owner = await signedInUser(t.deps, { accountType: 'seller' });
  const post = await createProduct(t, owner.user, { title: 'Walnut stool' });
  return { owner, post };
}

/** Runs `call`, and checks it left the comments and notifications tables as they were. */
async function nothingWritten(call: () => Promise<void>) {
  const before = await allComments(t);
  const notes = await t.deps.database.db.select().from(notifications);
  await call();
  expect(await allComments(t)).toEqual(before);
  expect(await t.deps.database.db.select().from(notifications)).toEqual(notes);
}

describe('POST /comment', () => {
  it('creates a pending comment (text trimmed) and tells the post owner', async () => {
    const { owner, post } = await seller();
    const sam = await signedInUser(t.deps, { username: `sam-${Date.now()}`, name: 'Sam' });
    const res = await postComment(t, sam.auth, {
      productId: post._id,
      text: '  Lovely grain — is it oiled?  ',
    });
    expect(res.statusCode).toBe(201);
    const { comment } = res.json();
    expect(comment).toMatchObject({
      productId: post._id,
      replyTo: null,
      text: 'Lovely grain — is it oiled?',
      status: 'pending',
      decidedAt: null,
      user: { _id: sam.user.id, username: sam.user.username, name: 'Sam', image: null },
    });
    expect(new Date(comment.createdAt).toISOString()).toBe(comment.createdAt);
    const row = await storedComment(t, comment._id);
    expect(row).toMatchObject({
      productOwnerId: owner.user.id,
      userId: sam.user.id,
      status: 'pending',
    });

    const notes = await t.deps.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner.user.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      kind: 'comment_to_review',
      actorId: sam.user.id,
      data: {
        productId: post._id,
        title: 'Walnut stool',
        commentId: comment._id,
        excerpt: 'Lovely grain — is it oiled?',
      },
    });
  });

  it("approves the post owner's own comment at once and notifies nobody", async () => {
    const { owner, post } = await seller();
    const res = await postComment(t, owner.auth, { productId: post._id, text: 'Ships in a week.' });
    expect(res.statusCode).toBe(201);
    const { comment } = res.json();
    expect(comment.status).toBe('accepted');
    expect(comment.decidedAt).not.toBeNull();
    expect(await storedComment(t, comment._id)).toMatchObject({ decidedBy: owner.user.id });
    const notes = await t.deps.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.actorId, owner.user.id));
    expect(notes).toEqual([]);
  });

  it('answers 401 to an anonymous comment and writes nothing', async () => {
    const { post } = await seller();
    await nothingWritten(async () => {
      const res = await postComment(t, undefined, { productId: post._id, text: 'Hi' });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MESSAGES.loginRequired);
    });
  });

  it('refuses text that is empty, too long or carries NUL, with a sentence to act on', async () => {
    const { post } = await seller();
    const sam = await signedInUser(t.deps);
    const cases: [unknown, RegExp][] = [
      ['   ', /Write something before sending your comment\./],
      ['x'.repeat(SOCIAL_LIMITS.commentMax + 1), /at most 2,000 characters/],
      ['bad\u0000text', /invisible control characters/],
      [42, /Must be text\./],
      [undefined, /This field is required\./],
    ];
    await nothingWritten(async () => {
      for (const [text, message] of cases) {
        const res = await postComment(t, sam.auth, { productId: post._id, text });
        expect(res.statusCode, String(text)).toBe(400);
        expect(res.json().message, String(text)).toMatch(message);
      }
      const missing = await postComment(t, sam.auth, { text: 'Hi' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toMatch(/productId: This field is required\./);
      const badId = await postComment(t, sam.auth, { productId: 'nope', text: 'Hi' });
      expect(badId.statusCode).toBe(400);
      expect(badId.json().message).toMatch(/Must be a post id\./);
    });
    // Exactly the limit is fine.
    const full = await postComment(t, sam.auth, {
      productId: post._id,
      text: 'y'.repeat(SOCIAL_LIMITS.commentMax),
    });
    expect(full.statusCode).toBe(201);
  });

  it('answers 404 for an unknown post and for posts that are not listed', async () => {
    const { owner } = await seller();
    const sam = await signedInUser(t.deps);
    const draft = await createProduct(t, owner.user, { status: 'draft' });
    const sold = await createProduct(t, owner.user, { status: 'sold' });
    const hidden = await createProduct(t, owner.user);
    await t.deps.database.db
      .update(products)
      .set({ sellerHidden: true })
      .where(eq(products.id, hidden._id));
    await nothingWritten(async () => {
      for (const productId of [
        '00000000-0000-4000-8000-000000000000',
        draft._id,
        sold._id,
        hidden._id,
      ]) {
        const res = await postComment(t, sam.auth, { productId, text: 'Hello' });
        expect(res.statusCode, productId).toBe(404);
        expect(res.json()).toMatchObject({
          code: 'PRODUCT_NOT_FOUND',
          message: 'This post could not be found. It may have been deleted.',
        });
      }
    });
  });

  it('answers 403 when the author and the post owner have blocked each other, either way', async () => {
    const { owner, post } = await seller();
    const blocked = await signedInUser(t.deps);
    const blocker = await signedInUser(t.deps);
    await block(t, owner.user.id, blocked.user.id);
    await block(t, blocker.user.id, owner.user.id);
    await nothingWritten(async () => {
      for (const who of [blocked, blocker]) {
        const res = await postComment(t, who.auth, { productId: post._id, text: 'Hello' });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          code: 'BLOCKED',
          message: 'You cannot do this: this member has blocked you, or you have blocked them.',
        });
      }
    });
  });
});

describe('replies', () => {
  it('threads a reply under an approved comment and a reply to a reply under the same thread', async () => {
    const { owner, post } = await seller();
    const sam = await signedInUser(t.deps);
    const leo = await signedInUser(t.deps);
    const top = await acceptedComment(t, sam.user, owner.user, post._id, { text: 'Question?' });
    const answer = await postComment(t, owner.auth, {
      productId: post._id,
      text: 'Answer.',
      replyTo: top._id,
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().comment).toMatchObject({ replyTo: top._id, status: 'accepted' });
    // The owner's answer is approved at once: the member answered hears of it.
    const replyNotes = await t.deps.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, sam.user.id), eq(notifications.kind, 'comment_reply')));
    expect(replyNotes).toHaveLength(1);
    expect(replyNotes[0]!.data).toMatchObject({ productId: post._id, title: 'Walnut stool' });

    const nested = await postComment(t, leo.auth, {
      productId: post._id,
      text: 'Me too.',
      replyTo: answer.json().comment._id,
    });
    expect(nested.statusCode).toBe(201);
    expect(nested.json().comment).toMatchObject({ replyTo: top._id, status: 'pending' });
  });

  it("lets the author reply to their own pending comment, but not to someone else's", async () => {
    const { post } = await seller();
    const sam = await signedInUser(t.deps);
    const leo = await signedInUser(t.deps);
    const mine = await createTestComment(t, sam.user, post._id);
    const ok = await postComment(t, sam.auth, {
      productId: post._id,
      text: 'And one more thing.',
      replyTo: mine._id,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().comment.replyTo).toBe(mine._id);

    await nothingWritten(async () => {
      const res = await postComment(t, leo.auth, {
        productId: post._id,
        text: 'Sneaky.',
        replyTo: mine._id,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'REPLY_NOT_ALLOWED',
        message:
          'You can only reply to approved comments (or to your own comment while it waits for review).',
      });
    });
  });

  it('refuses replies to rejected, unknown, other-post and hidden comments, and across a block', async () => {
    const { owner, post } = await seller();
    const other = await createProduct(t, owner.user);
    const sam = await signedInUser(t.deps);
    const leo = await signedInUser(t.deps);
    const gone = await signedInUser(t.deps);
    const rejected = await createTestComment(t, leo.user, post._id);
    await setCommentStatus(t.moduleDeps(), owner.user, rejected._id, 'rejected');
    const elsewhere = await acceptedComment(t, leo.user, owner.user, other._id);
    const suspendedAuthor = await acceptedComment(t, gone.user, owner.user, post._id);
    await setUserStatus(t, gone.user.id, 'suspended');
    const blockedAuthor = await acceptedComment(t, leo.user, owner.user, post._id);

    await nothingWritten(async () => {
      const cases: [string, number, RegExp][] = [
        [rejected._id, 400, /only reply to approved comments/],
        ['00000000-0000-4000-8000-000000000000', 400, /no longer available/],
        [elsewhere._id, 400, /same post/],
        [suspendedAuthor._id, 400, /no longer available/],
      ];
      for (const [replyTo, status, message] of cases) {
        const res = await postComment(t, sam.auth, { productId: post._id, text: 'Re', replyTo });
        expect(res.statusCode, replyTo).toBe(status);
        expect(res.json().code).toBe('REPLY_NOT_ALLOWED');
        expect(res.json().message).toMatch(message);
      }
      await block(t, leo.user.id, sam.user.id);
      const res = await postComment(t, sam.auth, {
        productId: post._id,
        text: 'Re',
        replyTo: blockedAuthor._id,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('BLOCKED');
    });
  });
});

describe('the rate limit', () => {
  it('allows 20 comments per 10 minutes per member, then answers 429 without writing', async () => {
    const { post } = await seller();
    const sam = await signedInUser(t.deps);
    for (let i = 0; i < 20; i++) {
      const res = await postComment(t, sam.auth, { productId: post._id, text: `Comment ${i}` });
      expect(res.statusCode, `comment ${i}`).toBe(201);
    }
    await nothingWritten(async () => {
      const res = await postComment(t, sam.auth, { productId: post._id, text: 'One too many' });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(res.json().message).toMatch(/Too many attempts\. Please wait/);
    });
    // Another member is not held back by Sam's limit.
    const leo = await signedInUser(t.deps);
    expect((await postComment(t, leo.auth, { productId: post._id, text: 'Hi' })).statusCode).toBe(
      201,
    );
  });
});
