import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reports, users } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createUser, signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { addComment, addMessage, report, reportsOn } from '../../factories/moderation';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('POST /reports', () => {
  it('files a report on a post, a comment, a message or a member, naming its author', async () => {
    const reporter = await signedInUser(t.deps);
    const author = await createUser(t.deps);
    const post = await createProduct(t, { id: author.user.id, role: 'user' });
    const comment = await addComment(t, {
      productId: post._id,
      userId: author.user.id,
      status: 'accepted',
    });
    const message = await addMessage(t, { userId: author.user.id });
    const targets = [
      { targetType: 'product', targetId: post._id },
      { targetType: 'comment', targetId: comment.id },
      { targetType: 'message', targetId: message.id },
      { targetType: 'user', targetId: author.user.id.toUpperCase() },
    ];
    for (const target of targets) {
      const res = await report(t, reporter.token, { ...target, reason: '  Looks like a scam.  ' });
      expect(res.statusCode, target.targetType).toBe(201);
      expect(res.json().report).toMatchObject({
        targetType: target.targetType,
        targetId: target.targetId.toLowerCase(),
        reason: 'Looks like a scam.',
        status: 'open',
        decidedAt: null,
      });
      const [row] = await reportsOn(t, target.targetId.toLowerCase());
      expect(row).toMatchObject({ reporterId: reporter.user.id, targetUserId: author.user.id });
    }
  });

  it('answers 200 with the open report when the same member reports the same thing again', async () => {
    const reporter = await signedInUser(t.deps);
    const second = await signedInUser(t.deps);
    const author = await createUser(t.deps);
    const post = await createProduct(t, { id: author.user.id, role: 'user' });
    const body = { targetType: 'product', targetId: post._id, reason: 'Counterfeit' };
    const first = await report(t, reporter.token, body);
    expect(first.statusCode).toBe(201);
    const again = await report(t, reporter.token, { ...body, reason: 'Still counterfeit' });
    expect(again.statusCode).toBe(200);
    expect(again.json().report).toEqual(first.json().report);
    // In parallel too: one row.
    const parallel = await Promise.all([
      report(t, second.token, body),
      report(t, second.token, body),
    ]);
    expect(parallel.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(await reportsOn(t, post._id)).toHaveLength(2);
  });

  it('is 404 for what does not exist or the reporter cannot see', async () => {
    const reporter = await signedInUser(t.deps);
    const author = await createUser(t.deps);
    const other = await createUser(t.deps);
    const draft = await createProduct(t, { id: author.user.id, role: 'user' }, { status: 'draft' });
    const published = await createProduct(t, { id: author.user.id, role: 'user' });
    const pending = await addComment(t, { productId: published._id, userId: other.user.id });
    const privateOne = await addMessage(t, { userId: author.user.id, recipientId: other.user.id });
    const cases: [string, string, string][] = [
      ['product', UNKNOWN, 'PRODUCT_NOT_FOUND'],
      ['comment', UNKNOWN, 'COMMENT_NOT_FOUND'],
      ['message', UNKNOWN, 'MESSAGE_NOT_FOUND'],
      ['user', UNKNOWN, 'USER_NOT_FOUND'],
      ['product', draft._id, 'PRODUCT_NOT_FOUND'],
      ['comment', pending.id, 'COMMENT_NOT_FOUND'],
      ['message', privateOne.id, 'MESSAGE_NOT_FOUND'],
    ];
    for (const [targetType, targetId, code] of cases) {
      const res = await report(t, reporter.token, { targetType, targetId, reason: 'Bad' });
      expect(res.statusCode, `${targetType} ${targetId}`).toBe(404);
      expect(res.json().code).toBe(code);
    }
    // A suspended member and their posts are out of view as well.
    await t.deps.database.db
      .update(users)
      .set({ status: 'suspended' })
      .where(eq(users.id, author.user.id));
    expect(
      (
        await report(t, reporter.token, {
          targetType: 'user',
          targetId: author.user.id,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await report(t, reporter.token, {
          targetType: 'product',
          targetId: published._id,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
    // The recipient of a private message, and the owner of a post with a pending comment, may report them.
    const recipient = await signedInUser(t.deps);
    const toRecipient = await addMessage(t, {
      userId: other.user.id,
      recipientId: recipient.user.id,
    });
    expect(
      (
        await report(t, recipient.token, {
          targetType: 'message',
          targetId: toRecipient.id,
          reason: 'Harassment',
        })
      ).statusCode,
    ).toBe(201);
    const owner = await signedInUser(t.deps);
    const ownersPost = await createProduct(t, { id: owner.user.id, role: 'user' });
    const waiting = await addComment(t, { productId: ownersPost._id, userId: other.user.id });
    expect(
      (
        await report(t, owner.token, {
          targetType: 'comment',
          targetId: waiting.id,
          reason: 'Spam link',
        })
      ).statusCode,
    ).toBe(201);
    expect(await reportsOn(t, draft._id)).toEqual([]);
  });

  it('refuses reporting one’s own content with 400, writing nothing', async () => {
    const me = await signedInUser(t.deps);
    const post = await createProduct(t, { id: me.user.id, role: 'user' });
    const comment = await addComment(t, {
      productId: post._id,
      userId: me.user.id,
      status: 'accepted',
    });
    const message = await addMessage(t, { userId: me.user.id });
    const own: [string, string, string][] = [
      ['product', post._id, 'You cannot report your own post. Edit or delete it instead.'],
      ['comment', comment.id, 'You cannot report your own comment.'],
      ['message', message.id, 'You cannot report your own message. Delete it instead.'],
      ['user', me.user.id, 'You cannot report yourself.'],
    ];
    for (const [targetType, targetId, message] of own) {
      const res = await report(t, me.token, { targetType, targetId, reason: 'Testing' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'SELF_ACTION', message });
      expect(await reportsOn(t, targetId)).toEqual([]);
    }
  });

  it('validates the body with messages a person can act on', async () => {
    const me = await signedInUser(t.deps);
    const author = await createUser(t.deps);
    const ok = { targetType: 'user', targetId: author.user.id, reason: 'Spam' };
    const cases: [object, string][] = [
      [
        { ...ok, reason: '   ' },
        'reason: Say what is wrong, so a moderator knows what to look for.',
      ],
      [{ ...ok, reason: 'x'.repeat(501) }, 'reason: Use at most 500 characters.'],
      [
        { ...ok, targetType: 'site' },
        'targetType: Choose one of: product, comment, message, user.',
      ],
      [{ ...ok, targetId: 'leo' }, 'targetId: Must be an id.'],
      [{ targetType: 'user', targetId: author.user.id }, 'reason: This field is required.'],
    ];
    for (const [body, message] of cases) {
      const res = await report(t, me.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await reportsOn(t, author.user.id)).toEqual([]);
    expect((await report(t, undefined, ok)).statusCode).toBe(401);
  });

  it('limits each member to 10 reports an hour', async () => {
    const me = await signedInUser(t.deps);
    const targets = await Promise.all(Array.from({ length: 11 }, () => createUser(t.deps)));
    for (const target of targets.slice(0, 10)) {
      const res = await report(t, me.token, {
        targetType: 'user',
        targetId: target.user.id,
        reason: 'Spam',
      });
      expect(res.statusCode).toBe(201);
    }
    const over = await report(t, me.token, {
      targetType: 'user',
      targetId: targets[10]!.user.id,
      reason: 'Spam',
    });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(over.json().message).toMatch(
      /^Too many attempts\. Please wait \d+ minutes and try again\.$/,
    );
    expect(
      await t.deps.database.db
        .select()
        .from(reports)
        .where(eq(reports.targetId, targets[10]!.user.id)),
    ).toEqual([]);
  });
});
