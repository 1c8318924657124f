import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, messages, products, users } from '../../../src/server/db/schema';
import { ALREADY_DECIDED_REPORT } from '../../../src/server/modules/moderation';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createUser, inject, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import {
  actionsOn,
  addComment,
  addMessage,
  call,
  report,
  reportsOn,
} from '../../factories/moderation';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const db = () => t.deps.database.db;
const queue = (token: string | undefined, query = '') =>
  call(t, token, 'GET', `/api/v1/moderation/queue${query}`);
const decide = (token: string | undefined, id: string, payload: unknown) =>
  call(t, token, 'PATCH', `/api/v1/moderation/reports/${id}`, payload);
const decideComment = (token: string | undefined, id: string, payload: unknown) =>
  call(t, token, 'POST', `/api/v1/moderation/comments/${id}`, payload);
const statusOf = async (id: string) =>
  (await db().select({ status: users.status }).from(users).where(eq(users.id, id)))[0]?.status;

describe('GET /moderation/queue', () => {
  it('holds pending comments and open reports grouped per thing, oldest first', async () => {
    const own = await createTestApp();
    try {
      const moderator = await signedInUser(own.deps, { role: 'moderator' });
      const seller = await createUser(own.deps, { name: 'Leo Seller' });
      const commenter = await createUser(own.deps, { name: 'Carla Commenter' });
      const sam = await signedInUser(own.deps, { name: 'Sam Reporter' });
      const kim = await signedInUser(own.deps, { name: 'Kim Reporter' });
      const post = await createProduct(
        own,
        { id: seller.user.id, role: 'user' },
        { title: 'Vintage lamp' },
      );
      const start = own.moduleDeps().now();
      const first = await addComment(own, {
        productId: post._id,
        userId: commenter.user.id,
        text: 'Is this still available?',
        createdAt: new Date(start - 60_000),
      });
      const rep = (token: string, reason: string) =>
        own.app.inject({
          method: 'POST',
          url: '/api/v1/reports',
          headers: { 'x-access-token': token },
          payload: { targetType: 'product', targetId: post._id, reason },
        });
      expect((await rep(sam.token, 'Counterfeit')).statusCode).toBe(201);
      own.advanceTime(1000);
      expect((await rep(kim.token, 'Stolen photos')).statusCode).toBe(201);
      await addComment(own, {
        productId: post._id,
        userId: commenter.user.id,
        text: 'Second question',
        createdAt: new Date(own.moduleDeps().now() + 60_000),
      });
      // Decided comments and comments of suspended members are not waiting for anyone.
      await addComment(own, { productId: post._id, userId: commenter.user.id, status: 'accepted' });
      const banned = await createUser(own.deps);
      await own.deps.database.db
        .update(users)
        .set({ status: 'suspended' })
        .where(eq(users.id, banned.user.id));
      await addComment(own, { productId: post._id, userId: banned.user.id });

      const res = await own.app.inject({
        url: '/api/v1/moderation/queue',
        headers: { 'x-access-token': moderator.token },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.recordsCount).toBe(3);
      expect(body.items.map((i: { kind: string }) => i.kind)).toEqual([
        'comment',
        'report',
        'comment',
      ]);
      expect(body.items[0]).toEqual({
        kind: 'comment',
        _id: first.id,
        createdAt: first.createdAt.toISOString(),
        text: 'Is this still available?',
        replyTo: null,
        post: { _id: post._id, title: 'Vintage lamp' },
        author: {
          _id: commenter.user.id,
          username: commenter.user.username,
          name: 'Carla Commenter',
        },
      });
      expect(body.items[1]).toMatchObject({
        kind: 'report',
        targetType: 'product',
        targetId: post._id,
        reportCount: 2,
        reasons: ['Counterfeit', 'Stolen photos'],
        reporters: [
          { _id: sam.user.id, username: sam.user.username, name: 'Sam Reporter' },
          { _id: kim.user.id, username: kim.user.username, name: 'Kim Reporter' },
        ],
        target: {
          exists: true,
          excerpt: 'Vintage lamp',
          href: `/products/${post._id}`,
          author: { _id: seller.user.id, username: seller.user.username, name: 'Leo Seller' },
          authorSuspended: false,
        },
      });

      const only = async (kind: string) =>
        (
          await own.app.inject({
            url: `/api/v1/moderation/queue?kind=${kind}&limit=1&page=2`,
            headers: { 'x-access-token': moderator.token },
          })
        ).json();
      const comments = await only('comments');
      expect(comments.recordsCount).toBe(2);
      expect(comments.items.map((i: { text: string }) => i.text)).toEqual(['Second question']);
      const reports = await only('reports');
      expect(reports).toEqual({ items: [], recordsCount: 1 });
    } finally {
      await own.close();
    }
  });

  it('is for moderators and admins only, and validates its query', async () => {
    expect((await queue(undefined)).statusCode).toBe(401);
    const member = await signedInUser(t.deps);
    expect((await queue(member.token)).statusCode).toBe(403);
    const admin = await signedInUser(t.deps, { role: 'admin' });
    expect((await queue(admin.token)).statusCode).toBe(200);
    const bad = await queue(admin.token, '?kind=everything');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('kind: Choose one of: all, comments, reports, returns.');
  });
});

describe('PATCH /moderation/reports/:id', () => {
  async function reportedPost() {
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    const a = await signedInUser(t.deps);
    const b = await signedInUser(t.deps);
    const seller = await signedInUser(t.deps);
    const post = await createProduct(
      t,
      { id: seller.user.id, role: 'user' },
      { title: 'Fake watch' },
    );
    const first = (
      await report(t, a.token, { targetType: 'product', targetId: post._id, reason: 'Fake' })
    ).json().report;
    await report(t, b.token, { targetType: 'product', targetId: post._id, reason: 'Replica' });
    return { moderator, seller, post, first };
  }

  it('dismisses every open report on the thing and logs who did it', async () => {
    const { moderator, post, first } = await reportedPost();
    const res = await decide(moderator.token, first._id, {
      action: 'dismiss',
      note: 'Genuine brand',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().report).toMatchObject({ _id: first._id, status: 'dismissed' });
    expect((await reportsOn(t, post._id)).map((r) => r.status)).toEqual(['dismissed', 'dismissed']);
    // The post is untouched.
    expect((await inject(t, { url: `/api/v1/products/${post._id}` })).statusCode).toBe(200);
    const [logged] = await actionsOn(t, post._id);
    expect(logged).toMatchObject({
      action: 'dismiss',
      actorId: moderator.user.id,
      reportId: first._id,
    });
    expect(logged!.note).toBe(
      '2 reports on a post dismissed: nothing wrong found — “Genuine brand”',
    );
    // Deciding it again is a conflict and changes nothing.
    const again = await decide(moderator.token, first._id, { action: 'remove' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_DECIDED',
      message: ALREADY_DECIDED_REPORT,
    });
    expect((await inject(t, { url: `/api/v1/products/${post._id}` })).statusCode).toBe(200);
    expect(await actionsOn(t, post._id)).toHaveLength(1);
  });

  it('removes a post (archived, out of the lists) and actions its reports', async () => {
    const { moderator, seller, post, first } = await reportedPost();
    const res = await decide(moderator.token, first._id, { action: 'remove' });
    expect(res.statusCode).toBe(200);
    expect(res.json().report.status).toBe('actioned');
    const [row] = await db()
      .select({ status: products.status })
      .from(products)
      .where(eq(products.id, post._id));
    expect(row?.status).toBe('archived');
    const list = await inject(t, { url: `/api/v1/products/user/${seller.user.username}` });
    expect(list.json().recordsCount).toBe(0);
    expect((await reportsOn(t, post._id)).every((r) => r.status === 'actioned')).toBe(true);
    expect((await actionsOn(t, post._id))[0]).toMatchObject({ action: 'remove' });
    // The seller keeps it among their own posts.
    const mine = await call(t, seller.token, 'GET', '/api/v1/products/mine?status=archived');
    expect(mine.json().recordsCount).toBe(1);
  });

  it('removes a comment (rejected) and a message (deleted)', async () => {
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    const reporter = await signedInUser(t.deps);
    const author = await createUser(t.deps);
    const post = await createProduct(t, { id: author.user.id, role: 'user' });
    const other = await createUser(t.deps);
    const comment = await addComment(t, {
      productId: post._id,
      userId: other.user.id,
      status: 'accepted',
    });
    const message = await addMessage(t, { userId: other.user.id });
    const onComment = (
      await report(t, reporter.token, {
        targetType: 'comment',
        targetId: comment.id,
        reason: 'Rude',
      })
    ).json().report;
    const onMessage = (
      await report(t, reporter.token, {
        targetType: 'message',
        targetId: message.id,
        reason: 'Spam',
      })
    ).json().report;
    expect((await decide(moderator.token, onComment._id, { action: 'remove' })).statusCode).toBe(
      200,
    );
    expect((await decide(moderator.token, onMessage._id, { action: 'remove' })).statusCode).toBe(
      200,
    );
    const [c] = await db().select().from(comments).where(eq(comments.id, comment.id));
    expect(c).toMatchObject({ status: 'rejected', decidedBy: moderator.user.id });
    expect(await db().select().from(messages).where(eq(messages.id, message.id))).toEqual([]);
  });

  it('refuses to "remove" a member (400) and suspends the author instead when asked', async () => {
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    const reporter = await signedInUser(t.deps);
    const author = await signedInUser(t.deps);
    const post = await createProduct(t, { id: author.user.id, role: 'user' });
    const onUser = (
      await report(t, reporter.token, {
        targetType: 'user',
        targetId: author.user.id,
        reason: 'Scammer',
      })
    ).json().report;
    const onPost = (
      await report(t, reporter.token, { targetType: 'product', targetId: post._id, reason: 'Scam' })
    ).json().report;
    const refused = await decide(moderator.token, onUser._id, { action: 'remove' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'A member cannot be removed like a post: suspend them instead (or dismiss the report).',
    );
    expect((await reportsOn(t, author.user.id))[0]?.status).toBe('open');

    const res = await decide(moderator.token, onPost._id, {
      action: 'suspend',
      note: 'Repeated scams',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().report.status).toBe('actioned');
    expect(await statusOf(author.user.id)).toBe('suspended');
    // Every open report about the author closes with it; their session ends; their page is gone.
    expect((await reportsOn(t, author.user.id))[0]?.status).toBe('actioned');
    expect((await call(t, author.token, 'GET', '/api/v1/users/me')).statusCode).toBe(401);
    expect(
      (await inject(t, { url: `/api/v1/sites?username=${author.user.username}` })).statusCode,
    ).toBe(404);
    const log = await actionsOn(t, author.user.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'suspend',
      reportId: onPost._id,
      actorId: moderator.user.id,
    });
    expect(log[0]!.note).toContain('Repeated scams');
    expect((await decide(moderator.token, onUser._id, { action: 'dismiss' })).statusCode).toBe(409);
  });

  it('keeps the suspension rules: a moderator cannot suspend an admin through a report', async () => {
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    const reporter = await signedInUser(t.deps);
    const admin = await createUser(t.deps, { role: 'admin' });
    const onAdmin = (
      await report(t, reporter.token, {
        targetType: 'user',
        targetId: admin.user.id,
        reason: 'Abuse',
      })
    ).json().report;
    const res = await decide(moderator.token, onAdmin._id, { action: 'suspend' });
    expect(res.statusCode).toBe(403);
    expect(await statusOf(admin.user.id)).toBe('active');
    expect((await reportsOn(t, admin.user.id))[0]?.status).toBe('open');
  });

  it('is 404 for an unknown report, 400 for a bad action, 403 for members', async () => {
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    const unknown = await decide(moderator.token, '00000000-0000-4000-8000-000000000000', {
      action: 'dismiss',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('REPORT_NOT_FOUND');
    expect((await decide(moderator.token, 'not-an-id', { action: 'dismiss' })).statusCode).toBe(
      404,
    );
    const { first } = await reportedPost();
    const bad = await decide(moderator.token, first._id, { action: 'ban' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('action: Choose one of: dismiss, remove, suspend.');
    const member = await signedInUser(t.deps);
    expect((await decide(member.token, first._id, { action: 'dismiss' })).statusCode).toBe(403);
    expect((await reportsOn(t, first.targetId)).every((r) => r.status === 'open')).toBe(true);
  });
});

describe('POST /moderation/comments/:id', () => {
  it('approves or rejects a pending comment through the comments module, logging the decision', async () => {
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    const seller = await createUser(t.deps);
    const post = await createProduct(t, { id: seller.user.id, role: 'user' });
    const commenter = await createUser(t.deps);
    const good = await addComment(t, {
      productId: post._id,
      userId: commenter.user.id,
      text: 'Lovely!',
    });
    const bad = await addComment(t, {
      productId: post._id,
      userId: commenter.user.id,
      text: 'Buy pills',
    });

    const approved = await decideComment(moderator.token, good.id, { action: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ comment: { _id: good.id, status: 'accepted' } });
    const rejected = await decideComment(moderator.token, bad.id, {
      action: 'reject',
      note: 'Spam',
    });
    expect(rejected.json().comment.status).toBe('rejected');
    const [row] = await db().select().from(comments).where(eq(comments.id, good.id));
    expect(row).toMatchObject({ status: 'accepted', decidedBy: moderator.user.id });
    expect((await actionsOn(t, good.id))[0]).toMatchObject({
      action: 'approve',
      actorId: moderator.user.id,
    });
    expect((await actionsOn(t, bad.id))[0]!.note).toBe('comment rejected: “Buy pills” — “Spam”');

    // Twice the same decision is a conflict; nothing more is logged.
    const again = await decideComment(moderator.token, good.id, { action: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_DECIDED');
    expect(await actionsOn(t, good.id)).toHaveLength(1);
  });

  it('is 404 for an unknown comment, 400 for a bad action, 403 for members', async () => {
    const moderator = await signedInUser(t.deps, { role: 'moderator' });
    const unknown = await decideComment(moderator.token, '00000000-0000-4000-8000-000000000000', {
      action: 'approve',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('COMMENT_NOT_FOUND');
    const seller = await createUser(t.deps);
    const post = await createProduct(t, { id: seller.user.id, role: 'user' });
    const comment = await addComment(t, { productId: post._id, userId: seller.user.id });
    expect(
      (await decideComment(moderator.token, comment.id, { action: 'keep' })).json().message,
    ).toBe('action: Choose one of: approve, reject.');
    const member = await signedInUser(t.deps);
    expect((await decideComment(member.token, comment.id, { action: 'approve' })).statusCode).toBe(
      403,
    );
    const [row] = await db().select().from(comments).where(eq(comments.id, comment.id));
    expect(row?.status).toBe('pending');
  });
});

describe('GET /moderation/actions', () => {
  it('lists decisions newest first with the actor’s name, including role changes', async () => {
    const own = await createTestApp();
    try {
      const root = await signedInUser(own.deps, { role: 'superAdmin', name: 'Root Admin' });
      const member = await createUser(own.deps);
      const patch = (url: string, payload: object) =>
        own.app.inject({
          method: 'PATCH',
          url,
          headers: { 'x-access-token': root.token },
          payload,
        });
      expect(
        (await patch('/api/v1/admin/users/roles', { id: member.user.id, role: 'moderator' }))
          .statusCode,
      ).toBe(200);
      own.advanceTime(1000);
      expect(
        (await patch('/api/v1/users/status', { id: member.user.id, status: 'suspended' }))
          .statusCode,
      ).toBe(200);
      const res = await own.app.inject({
        url: '/api/v1/moderation/actions?limit=1',
        headers: { 'x-access-token': root.token },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.recordsCount).toBe(2);
      expect(body.actions).toEqual([
        {
          _id: expect.any(String),
          action: 'suspend',
          targetType: 'user',
          targetId: member.user.id,
          reportId: null,
          note: `@${member.user.username} suspended`,
          createdAt: expect.stringMatching(/^\d{4}-/),
          actor: { _id: root.user.id, username: root.user.username, name: 'Root Admin' },
        },
      ]);
      const second = await own.app.inject({
        url: '/api/v1/moderation/actions?limit=1&page=2',
        headers: { 'x-access-token': root.token },
      });
      expect(second.json().actions[0]).toMatchObject({
        action: 'role',
        note: `@${member.user.username} is now a moderator`,
      });
      // A refused role change logs nothing.
      const self = await patch('/api/v1/admin/users/roles', { id: root.user.id, role: 'user' });
      expect(self.statusCode).toBe(403);
      const after = await own.app.inject({
        url: '/api/v1/moderation/actions',
        headers: { 'x-access-token': root.token },
      });
      expect(after.json().recordsCount).toBe(2);
      const member2 = await signedInUser(own.deps);
      expect(
        (
          await own.app.inject({
            url: '/api/v1/moderation/actions',
            headers: { 'x-access-token': member2.token },
          })
        ).statusCode,
      ).toBe(403);
    } finally {
      await own.close();
    }
  });
});
