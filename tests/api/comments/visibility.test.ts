import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../../src/server/db/schema';
import type { CommentThread, PostComments } from '../../../src/shared/contracts/comments';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import {
  acceptedComment,
  block,
  createTestComment,
  getAs,
  setUserStatus,
} from '../../factories/comments';

let t: TestApp;
const statements: string[] = [];
beforeAll(async () => {
  t = await createTestApp({}, {}, { onQuery: (sql) => statements.push(sql) });
});
afterAll(() => t?.close());

async function commentsOf(productId: string, auth?: Record<string, string>, query = '') {
  const res = await getAs(t, `/comments?productId=${productId}${query}`, auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PostComments;
}

/** Threads as "text: [reply texts]" lines, easy to compare. */
const outline = (threads: CommentThread[]) =>
  threads.map(
    (c) => `${c.text}${c.replies.length ? ` > ${c.replies.map((r) => r.text).join(', ')}` : ''}`,
  );

async function scene() {
  const owner = await signedInUser(t.deps);
  const sam = await signedInUser(t.deps);
  const leo = await signedInUser(t.deps);
  const post = await createProduct(t, owner.user);
  const first = await acceptedComment(t, sam.user, owner.user, post._id, { text: 'first' });
  const samPending = await createTestComment(t, sam.user, post._id, { text: 'sam pending' });
  await acceptedComment(t, leo.user, owner.user, post._id, { text: 'reply 1', replyTo: first._id });
  await createTestComment(t, leo.user, post._id, { text: 'leo pending reply', replyTo: first._id });
  await acceptedComment(t, leo.user, owner.user, post._id, { text: 'second' });
  await createTestComment(t, owner.user, post._id, { text: 'owner answer', replyTo: first._id });
  return { owner, sam, leo, post, first, samPending };
}

describe('GET /comments?productId=', () => {
  it('shows visitors only approved comments, threaded and oldest first, with their authors', async () => {
    const { post, sam, first } = await scene();
    const anonymous = await commentsOf(post._id);
    expect(outline(anonymous.comments)).toEqual(['first > reply 1, owner answer', 'second']);
    expect(anonymous).toMatchObject({ recordsCount: 2, totalComments: 4 });
    expect(anonymous.comments[0]).toMatchObject({
      _id: first._id,
      status: 'accepted',
      replyTo: null,
      user: { _id: sam.user.id, username: sam.user.username, name: sam.user.name, image: null },
    });
    expect(anonymous.comments[0]!.replies.every((r) => r.replyTo === first._id)).toBe(true);

    const stranger = await signedInUser(t.deps);
    expect(outline((await commentsOf(post._id, stranger.auth)).comments)).toEqual(
      outline(anonymous.comments),
    );
  });

  it('shows authors their own pending comments, marked pending', async () => {
    const { post, sam, leo } = await scene();
    const forSam = await commentsOf(post._id, sam.auth);
    expect(outline(forSam.comments)).toEqual([
      'first > reply 1, owner answer',
      'sam pending',
      'second',
    ]);
    expect(forSam.comments[1]!.status).toBe('pending');
    expect(forSam).toMatchObject({ recordsCount: 3, totalComments: 5 });
    const forLeo = await commentsOf(post._id, leo.auth);
    expect(outline(forLeo.comments)).toEqual([
      'first > reply 1, leo pending reply, owner answer',
      'second',
    ]);
  });

  it("shows the post's owner and moderators every pending comment (they review them)", async () => {
    const { post, owner } = await scene();
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    const everything = [
      'first > reply 1, leo pending reply, owner answer',
      'sam pending',
      'second',
    ];
    expect(outline((await commentsOf(post._id, owner.auth)).comments)).toEqual(everything);
    expect(outline((await commentsOf(post._id, moderator.auth)).comments)).toEqual(everything);
  });

  it("hides a suspended member's comments, and replies under them, from everyone", async () => {
    const { post, sam, owner } = await scene();
    await setUserStatus(t, sam.user.id, 'suspended');
    expect(outline((await commentsOf(post._id)).comments)).toEqual(['second']);
    expect(outline((await commentsOf(post._id, owner.auth)).comments)).toEqual(['second']);
    expect(await commentsOf(post._id)).toMatchObject({ recordsCount: 1, totalComments: 1 });
    await setUserStatus(t, sam.user.id, 'active');
    expect(outline((await commentsOf(post._id)).comments)).toEqual([
      'first > reply 1, owner answer',
      'second',
    ]);
  });

  it('hides comments of members blocked either way with the viewer', async () => {
    const { post, leo } = await scene();
    const viewer = await signedInUser(t.deps);
    const blockedBy = await signedInUser(t.deps);
    await block(t, viewer.user.id, leo.user.id);
    const withoutLeo = ['first > owner answer'];
    expect(outline((await commentsOf(post._id, viewer.auth)).comments)).toEqual(withoutLeo);
    await block(t, leo.user.id, blockedBy.user.id);
    expect(outline((await commentsOf(post._id, blockedBy.auth)).comments)).toEqual(withoutLeo);
    // Others still see them.
    expect(outline((await commentsOf(post._id)).comments)).toEqual([
      'first > reply 1, owner answer',
      'second',
    ]);
  });

  it('pages through threads; replies come with their thread', async () => {
    const { post } = await scene();
    const page1 = await commentsOf(post._id, undefined, '&limit=1');
    expect(outline(page1.comments)).toEqual(['first > reply 1, owner answer']);
    expect(page1.recordsCount).toBe(2);
    const page2 = await commentsOf(post._id, undefined, '&limit=1&page=2');
    expect(outline(page2.comments)).toEqual(['second']);
    expect(outline((await commentsOf(post._id, undefined, '&limit=1&page=3')).comments)).toEqual(
      [],
    );
  });

  it('reads a page of comments in a fixed number of queries (authors joined, no N+1)', async () => {
    const { post, owner } = await scene();
    const queriesFor = async () => {
      statements.length = 0;
      const list = await commentsOf(post._id);
      return { threads: list.comments.length, queries: statements.length };
    };
    const few = await queriesFor();
    const readers = await Promise.all([1, 2, 3, 4, 5].map(() => signedInUser(t.deps)));
    for (const r of readers) {
      const top = await acceptedComment(t, r.user, owner.user, post._id);
      await acceptedComment(t, owner.user, owner.user, post._id, { replyTo: top._id });
    }
    const many = await queriesFor();
    expect(few.threads).toBe(2);
    expect(many.threads).toBe(7);
    expect(many.queries).toBe(few.queries);
  });

  it('answers 404 for unknown and unlisted posts, except to the people who manage them', async () => {
    const { owner, post } = await scene();
    const unknown = await getAs(t, '/comments?productId=00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('PRODUCT_NOT_FOUND');
    await t.deps.database.db
      .update(products)
      .set({ status: 'draft' })
      .where(eq(products.id, post._id));
    expect((await getAs(t, `/comments?productId=${post._id}`)).statusCode).toBe(404);
    const stranger = await signedInUser(t.deps);
    expect((await getAs(t, `/comments?productId=${post._id}`, stranger.auth)).statusCode).toBe(404);
    expect(outline((await commentsOf(post._id, owner.auth)).comments)[0]).toMatch(/^first/);
    const bad = await getAs(t, '/comments?productId=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Must be a post id\./);
    const none = await getAs(t, '/comments');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/productId: This field is required\./);
  });
});
