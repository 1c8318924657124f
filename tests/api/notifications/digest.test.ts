import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailDriver, MailMessage } from '../../../src/server/adapters/mail/types';
import {
  blocks,
  comments,
  follows,
  jobs,
  messages,
  notifications,
  users,
} from '../../../src/server/db/schema';
import { enqueueJob, inTransaction } from '../../../src/server/modules/core';
import {
  digestJob,
  DIGEST_MAX_ITEMS,
  digestKeys,
  notify,
  readUnsubscribeToken,
  sendDigest,
  updateNotificationSettings,
} from '../../../src/server/modules/notifications';
import { SOCIAL_LIMITS } from '../../../src/shared/contracts/social-rules';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import {
  headersOf,
  mailsTo,
  passBatchWindow,
  recordEvent,
  setUserStatus,
  unmailed,
  unsubscribeLinks,
} from '../../factories/notifications';

/**
 * The digest job (`notifications.digest`): events of a few minutes in one mail with links, the
 * member's settings honoured, stale events dropped, nothing mailed twice, nobody mailed who is
 * suspended or unactivated, and an event arriving during a send gets a digest of its own.
 */
let t: TestApp;
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const db = () => t.deps.database.db;
const member = async (name?: string) => (await createUser(t.deps, name ? { name } : {})).user;

async function follow(followerId: string, followeeId: string) {
  await db().insert(follows).values({ followerId, followeeId });
  await recordEvent(t, { userId: followeeId, kind: 'new_follower', actorId: followerId });
}

async function commentToReview(
  authorId: string,
  post: { _id: string; user: { _id: string } },
  text: string,
) {
  const [row] = await db()
    .insert(comments)
    .values({ productId: post._id, productOwnerId: post.user._id, userId: authorId, text })
    .returning();
  await recordEvent(t, {
    userId: post.user._id,
    kind: 'comment_to_review',
    actorId: authorId,
    data: { productId: post._id, commentId: row!.id, excerpt: text },
  });
  return row!;
}

async function privateMessage(fromId: string, toId: string, text: string) {
  const [row] = await db()
    .insert(messages)
    .values({ userId: fromId, recipientId: toId, text })
    .returning();
  await recordEvent(t, {
    userId: toId,
    kind: 'private_message',
    actorId: fromId,
    data: { messageId: row!.id, excerpt: text },
  });
  return row!;
}

async function digestJobsOf(userId: string) {
  return db()
    .select()
    .from(jobs)
    .where(
      and(eq(jobs.name, digestJob.name), like(jobs.dedupeKey, `${digestJob.name}:${userId}%`)),
    );
}

describe('the notification digest', () => {
  it('waits for the batch window, then mails every event of it in one message with its links', async () => {
    const maya = await member('Maya <b>Chen</b>');
    const sam = await member('Sam & "Co"');
    const leo = await member();
    const post = await createProduct(t, { id: maya.id, role: 'user' }, { title: 'Mug <i>big</i>' });
    const reply = { text: 'Thanks, <script>x</script>!' };

    await follow(sam.id, maya.id);
    await commentToReview(leo.id, post, 'Is it oven safe?');
    await privateMessage(sam.id, maya.id, 'Hi Maya,\n  two mugs please');
    const [mine] = await db()
      .insert(comments)
      .values({
        productId: post._id,
        productOwnerId: maya.id,
        userId: maya.id,
        text: 'Hello',
        status: 'accepted',
      })
      .returning();
    const [answer] = await db()
      .insert(comments)
      .values({
        productId: post._id,
        productOwnerId: maya.id,
        userId: leo.id,
        replyTo: mine!.id,
        text: reply.text,
        status: 'accepted',
      })
      .returning();
    await recordEvent(t, {
      userId: maya.id,
      kind: 'comment_reply',
      actorId: leo.id,
      data: { productId: post._id, commentId: answer!.id, excerpt: reply.text },
    });

    // One job for the four events, due a batch window after the first.
    const pending = await digestJobsOf(maya.id);
    expect(pending).toHaveLength(1);
    expect(pending[0]!.dedupeKey).toBe(digestKeys(maya.id)[0]);
    expect(await mailsTo(t, maya.email)).toEqual([]);
    t.advanceTime(SOCIAL_LIMITS.notificationBatchMs - 60_000);
    expect(await mailsTo(t, maya.email)).toEqual([]);
    t.advanceTime(61_000);
    const mails = await mailsTo(t, maya.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;

    expect(mail!.subject).toBe(`4 new notifications on ${t.deps.env.BRAND_NAME}`);
    const lines = mail!.text.split('\n');
    expect(mail!.text).toContain('Hi Maya <b>Chen</b>,');
    expect(lines).toContain(`- Sam & "Co" started following you.`);
    expect(lines).toContain(`  ${ORIGIN}/users/${sam.id}`);
    expect(lines).toContain(
      `- ${leo.name} commented on “Mug <i>big</i>”: “Is it oven safe?” The comment is waiting for your review.`,
    );
    expect(lines).toContain(`  ${ORIGIN}/comments`);
    expect(lines).toContain(`- Sam & "Co" sent you a private message: “Hi Maya, two mugs please”`);
    expect(lines).toContain(`  ${ORIGIN}/messages`);
    expect(lines).toContain(
      `- ${leo.name} replied to your comment on “Mug <i>big</i>”: “Thanks, <script>x</script>!”`,
    );
    expect(lines).toContain(`  ${ORIGIN}/products/${post._id}`);
    expect(lines).toContain(`${ORIGIN}/edit-profile`);

    // User text is escaped in the HTML part.
    expect(mail!.html).toContain('Sam &amp; &quot;Co&quot; started following you.');
    expect(mail!.html).toContain('Hi Maya &lt;b&gt;Chen&lt;/b&gt;,');
    expect(mail!.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain(`href="${ORIGIN}/users/${sam.id}"`);

    // An unsubscribe link for each kind in the mail, and one for all of them.
    const links = unsubscribeLinks(mail!.text);
    expect([...links.keys()]).toEqual([
      'Stop emails about new followers',
      'Stop emails about comments waiting for your review',
      'Stop emails about private messages',
      'Stop emails about replies to your comments',
      'Stop all notification emails',
    ]);
    const scopes = [...links.values()].map((token) => readUnsubscribeToken(t.deps.secret, token));
    expect(scopes).toEqual(
      ['newFollower', 'commentToReview', 'privateMessage', 'commentReply', 'all'].map((scope) => ({
        userId: maya.id,
        scope,
      })),
    );

    // RFC 8058: the mail client's own button, for all notification emails.
    const headers = await headersOf(t, mail!.file);
    const allToken = encodeURIComponent(links.get('Stop all notification emails')!);
    expect(headers.get('list-unsubscribe')).toBe(
      `<${ORIGIN}/api/v1/notifications/unsubscribe?token=${allToken}>`,
    );
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    expect(await unmailed(t, maya.id)).toEqual([]);
    expect(await digestJobsOf(maya.id)).toMatchObject([{ status: 'done' }]);
    // Nobody else was mailed about maya's events.
    expect(await mailsTo(t, sam.email)).toEqual([]);
  });

  it('names the one event in the subject when there is only one', async () => {
    const maya = await member();
    const sam = await member();
    await privateMessage(sam.id, maya.id, 'Hello there');
    passBatchWindow(t);
    const [mail] = await mailsTo(t, maya.email);
    expect(mail!.subject).toBe(`New private message from ${sam.name} on ${t.deps.env.BRAND_NAME}`);
    expect([...unsubscribeLinks(mail!.text).keys()]).toEqual([
      'Stop emails about private messages',
      'Stop all notification emails',
    ]);
  });

  it('puts events after a digest into a new one, a batch window later', async () => {
    const maya = await member();
    const sam = await member();
    const leo = await member();
    await follow(sam.id, maya.id);
    passBatchWindow(t);
    expect(await mailsTo(t, maya.email)).toHaveLength(1);

    await follow(leo.id, maya.id);
    expect(await mailsTo(t, maya.email)).toHaveLength(1);
    passBatchWindow(t);
    const mails = await mailsTo(t, maya.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(`${leo.name} started following you.`);
    expect(mails[1]!.text).not.toContain(sam.name);
  });

  it('schedules a follow-up digest for an event recorded while the digest is being sent', async () => {
    const maya = await member();
    const sam = await member();
    const leo = await member();
    const real = t.deps.mail;
    let during = false;
    const interrupting: MailDriver = {
      name: 'outbox',
      async send(msg: MailMessage) {
        if (msg.to === maya.email && !during) {
          during = true;
          // The job is 'running' now: its dedupe key is taken, its events already read.
          await follow(leo.id, maya.id);
          expect((await digestJobsOf(maya.id)).map((j) => [j.dedupeKey, j.status]).sort()).toEqual([
            [digestKeys(maya.id)[0], 'running'],
            [digestKeys(maya.id)[1], 'queued'],
          ]);
        }
        await real.send(msg);
      },
    };
    t.deps.mail = interrupting;
    try {
      await follow(sam.id, maya.id);
      passBatchWindow(t);
      const first = await mailsTo(t, maya.email);
      expect(first).toHaveLength(1);
      expect(first[0]!.text).toContain(sam.name);
      expect(first[0]!.text).not.toContain(leo.name);
      expect(await unmailed(t, maya.id)).toHaveLength(1);

      passBatchWindow(t);
      const second = await mailsTo(t, maya.email);
      expect(second).toHaveLength(2);
      expect(second[1]!.text).toContain(`${leo.name} started following you.`);
      expect(second[1]!.text).not.toContain(sam.name);
      expect(await unmailed(t, maya.id)).toEqual([]);

      // With both keys free again, the next event takes the first one.
      const ann = await member();
      await follow(ann.id, maya.id);
      expect((await digestJobsOf(maya.id)).filter((j) => j.status === 'queued')).toMatchObject([
        { dedupeKey: digestKeys(maya.id)[0] },
      ]);
      passBatchWindow(t);
      expect(await mailsTo(t, maya.email)).toHaveLength(3);
    } finally {
      t.deps.mail = real;
    }
  });

  it('leaves out the kinds the member switched off, and never saves them up for later', async () => {
    const maya = await member();
    const sam = await member();
    const leo = await member();
    await updateNotificationSettings(t.moduleDeps(), maya.id, { newFollower: false });
    await follow(sam.id, maya.id);
    await privateMessage(leo.id, maya.id, 'Still there?');
    passBatchWindow(t);
    const [mail, ...more] = await mailsTo(t, maya.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain(`${leo.name} sent you a private message`);
    expect(mail!.text).not.toContain(sam.name);
    expect(await unmailed(t, maya.id)).toEqual([]);

    // Every kind off: no mail at all, and the events are done with.
    await updateNotificationSettings(t.moduleDeps(), maya.id, { privateMessage: false });
    await privateMessage(leo.id, maya.id, 'Hello?');
    passBatchWindow(t);
    expect(await mailsTo(t, maya.email)).toHaveLength(1);
    expect(await unmailed(t, maya.id)).toEqual([]);

    // Switched back on: only what happens from now on.
    await updateNotificationSettings(t.moduleDeps(), maya.id, {
      newFollower: true,
      privateMessage: true,
    });
    const ann = await member();
    await follow(ann.id, maya.id);
    passBatchWindow(t);
    const mails = await mailsTo(t, maya.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(`${ann.name} started following you.`);
    expect(mails[1]!.text).not.toContain(sam.name);
    expect(mails[1]!.text).not.toContain('Hello?');
  });

  it('is idempotent: running the digest again sends nothing more', async () => {
    const maya = await member();
    const sam = await member();
    await follow(sam.id, maya.id);
    passBatchWindow(t);
    const deps = t.moduleDeps();
    await sendDigest(deps, { userId: maya.id });
    await sendDigest(deps, { userId: maya.id });
    expect(await mailsTo(t, maya.email)).toHaveLength(1); // the queued job ran too: nothing left
  });

  it('keeps the events when the mail cannot be sent and mails them once when it can', async () => {
    const maya = await member();
    const sam = await member();
    const real = t.deps.mail;
    t.deps.mail = {
      name: 'smtp',
      send: async () => {
        throw new Error('mail server down');
      },
    };
    try {
      await follow(sam.id, maya.id);
      passBatchWindow(t);
      await t.runJobs();
      expect(await unmailed(t, maya.id)).toHaveLength(1);
      expect(await digestJobsOf(maya.id)).toMatchObject([
        { status: 'queued', attempts: 1, lastError: 'mail server down' },
      ]);
    } finally {
      t.deps.mail = real;
    }
    t.advanceTime(60 * 60_000);
    expect(await mailsTo(t, maya.email)).toHaveLength(1);
    t.advanceTime(60 * 60_000);
    expect(await mailsTo(t, maya.email)).toHaveLength(1);
    expect(await unmailed(t, maya.id)).toEqual([]);
  });

  it('mails nobody suspended or never activated, and does not save their events for later', async () => {
    const maya = await member();
    const sam = await member();
    const { user: newcomer } = await createUser(t.deps, { activated: false });
    await follow(sam.id, maya.id);
    await follow(sam.id, newcomer.id);
    await setUserStatus(t, maya.id, 'suspended');
    passBatchWindow(t);
    await t.runJobs();
    expect(await mailsTo(t, maya.email)).toEqual([]);
    expect(await mailsTo(t, newcomer.email)).toEqual([]);
    expect(await unmailed(t, maya.id)).toEqual([]);
    expect(await unmailed(t, newcomer.id)).toEqual([]);

    // Reinstated: what happened while suspended is not mailed afterwards.
    await setUserStatus(t, maya.id, 'active');
    const leo = await member();
    await follow(leo.id, maya.id);
    passBatchWindow(t);
    const [mail, ...more] = await mailsTo(t, maya.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain(leo.name);
    expect(mail!.text).not.toContain(sam.name);
  });

  it('drops events that no longer hold when the digest goes out', async () => {
    const maya = await member();
    const post = await createProduct(t, { id: maya.id, role: 'user' });
    const [unfollower, suspended, blocked, reviewed, fresh] = await Promise.all(
      Array.from({ length: 5 }, () => member()),
    );
    await follow(unfollower!.id, maya.id);
    await db().delete(follows).where(eq(follows.followerId, unfollower!.id));
    await follow(suspended!.id, maya.id);
    await setUserStatus(t, suspended!.id, 'suspended');
    await follow(blocked!.id, maya.id);
    await db().insert(blocks).values({ blockerId: maya.id, blockedId: blocked!.id });
    const comment = await commentToReview(reviewed!.id, post, 'Nice');
    await db().update(comments).set({ status: 'accepted' }).where(eq(comments.id, comment.id));
    const gone = await privateMessage(reviewed!.id, maya.id, 'Deleted later');
    await db().delete(messages).where(eq(messages.id, gone.id));
    await commentToReview(fresh!.id, post, 'Still waiting');

    passBatchWindow(t);
    const [mail, ...more] = await mailsTo(t, maya.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`New comment to review on “${post.title}”`);
    expect(mail!.text).toContain(`${fresh!.name} commented on “${post.title}”: “Still waiting”`);
    for (const stale of [unfollower, suspended, blocked, reviewed]) {
      expect(mail!.text).not.toContain(stale!.name);
    }
    expect(await unmailed(t, maya.id)).toEqual([]);
  });

  it('lists at most DIGEST_MAX_ITEMS events and counts the rest', async () => {
    const maya = await member();
    const followers = await Promise.all(
      Array.from({ length: DIGEST_MAX_ITEMS + 3 }, () => member()),
    );
    for (const f of followers) await follow(f.id, maya.id);
    passBatchWindow(t);
    const [mail] = await mailsTo(t, maya.email);
    expect(mail!.subject).toBe(
      `${DIGEST_MAX_ITEMS + 3} new notifications on ${t.deps.env.BRAND_NAME}`,
    );
    expect(mail!.text.match(/started following you\./g)).toHaveLength(DIGEST_MAX_ITEMS);
    expect(mail!.text.split('\n')).toContain('- …and 3 more.');
  });
});

describe('notify()', () => {
  it('ignores events about oneself', async () => {
    const maya = await member();
    await recordEvent(t, { userId: maya.id, kind: 'new_follower', actorId: maya.id.toUpperCase() });
    expect(await unmailed(t, maya.id)).toEqual([]);
    expect(await digestJobsOf(maya.id)).toEqual([]);
  });

  it('records nothing and schedules nothing when the caller’s transaction rolls back', async () => {
    const maya = await member();
    const sam = await member();
    await expect(
      inTransaction(t.moduleDeps(), async (tx) => {
        await notify(tx, { userId: maya.id, kind: 'new_follower', actorId: sam.id });
        throw new Error('the follow failed');
      }),
    ).rejects.toThrow('the follow failed');
    expect(await unmailed(t, maya.id)).toEqual([]);
    expect(await digestJobsOf(maya.id)).toEqual([]);
  });

  it('works outside a transaction too, and keeps one pending digest per member', async () => {
    const maya = await member();
    const sam = await member();
    const leo = await member();
    await db()
      .insert(follows)
      .values([
        { followerId: sam.id, followeeId: maya.id },
        { followerId: leo.id, followeeId: maya.id },
      ]);
    await notify(t.moduleDeps(), { userId: maya.id, kind: 'new_follower', actorId: sam.id });
    await notify(t.moduleDeps(), { userId: maya.id, kind: 'new_follower', actorId: leo.id });
    expect(await digestJobsOf(maya.id)).toHaveLength(1);
    const rows = await db().select().from(notifications).where(eq(notifications.userId, maya.id));
    expect(rows).toHaveLength(2);
    passBatchWindow(t);
    const [mail, ...more] = await mailsTo(t, maya.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`2 new notifications on ${t.deps.env.BRAND_NAME}`);
  });

  it('cascades with the member: a deleted account leaves no events behind', async () => {
    const maya = await member();
    const sam = await member();
    await follow(sam.id, maya.id);
    await db().delete(users).where(eq(users.id, maya.id));
    passBatchWindow(t);
    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);
    expect(await digestJobsOf(maya.id)).toMatchObject([{ status: 'done' }]);
    expect(await mailsTo(t, maya.email)).toEqual([]);
  });

  it('refuses a malformed job payload: it ends failed at once, not silently done', async () => {
    const id = await enqueueJob(t.moduleDeps(), digestJob, { userId: 'nope' });
    expect(await t.runJobs()).toBe(1);
    const [job] = await db().select().from(jobs).where(eq(jobs.id, id!));
    expect(job).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'invalid payload for job notifications.digest: userId: Must be a user id.',
    });
  });
});
