import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SETTING_OF_KIND } from '../../../shared/contracts/notifications';
import { isUuid } from '../../../shared/contracts/common';
import {
  blocks,
  comments,
  follows,
  messages,
  notifications,
  productLikes,
  products,
  users,
} from '../../db/schema';
import { formatMoney } from '../../../shared/format';
import { toMajor } from '../../../shared/money';
import {
  appOrigin,
  defineJob,
  inTransaction,
  nowDate,
  type DbOrTx,
  type ModuleDeps,
} from '../core';
import { digestMail, excerptOf, type DigestEvent } from './digest-mail';
import { readNotificationSettings } from './settings';

/** Bounds one run; anything beyond waits for the member's next digest. */
const MAX_EVENTS_PER_RUN = 1000;
/** Older events (a mail server down for days) are dropped rather than mailed late. */
const MAX_EVENT_AGE_MS = 3 * 24 * 60 * 60_000;

const digestPayload = z.object({ userId: z.string().refine(isUuid, 'Must be a user id.') });

export const digestJob = defineJob('notifications.digest', digestPayload, sendDigest);

/**
 * Serialises, per member, "record an event and decide whether a digest is pending" (notify) with
 * "read the events to mail" (the digest): an event whose notify saw a queued digest is committed
 * before that digest reads. Held to the end of the transaction.
 */
export async function lockMemberDigest(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`notifications:${userId}`}))`);
}

type EventRow = Awaited<ReturnType<typeof readUnmailed>>[number];

/** The member's unmailed events, oldest first, with who caused them. */
function readUnmailed(db: DbOrTx, userId: string) {
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      data: notifications.data,
      createdAt: notifications.createdAt,
      actorId: notifications.actorId,
      actorName: users.name,
      actorStatus: users.status,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(and(eq(notifications.userId, userId), isNull(notifications.mailedAt)))
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(MAX_EVENTS_PER_RUN);
}

const idsOf = (rows: EventRow[], key: 'productId' | 'commentId' | 'messageId') => [
  ...new Set(rows.map((r) => r.data[key]).filter((id): id is string => !!id && isUuid(id))),
];

/**
 * Of the events, those still worth a mail, told as the mail tells them: the actor is an active
 * member the recipient has not blocked; a follower still follows; a comment to review is still
 * pending and a reply still accepted; a message still exists; the post is still there. One line
 * per follower, comment or message even if it was recorded twice.
 */
async function stillRelevant(
  db: DbOrTx,
  userId: string,
  rows: EventRow[],
  now: number,
  currency: string,
): Promise<DigestEvent[]> {
  const actorIds = [...new Set(rows.map((r) => r.actorId).filter((id): id is string => !!id))];
  const productIds = idsOf(rows, 'productId');
  const commentIds = idsOf(rows, 'commentId');
  const messageIds = idsOf(rows, 'messageId');
  const alertIds = idsOf(
    rows.filter((r) => r.kind === 'liked_post_alert'),
    'productId',
  );
  const [blocked, following, postRows, commentRows, messageRows, alertRows] = await Promise.all([
    actorIds.length
      ? db
          .select({ id: blocks.blockedId })
          .from(blocks)
          .where(and(eq(blocks.blockerId, userId), inArray(blocks.blockedId, actorIds)))
      : [],
    actorIds.length
      ? db
          .select({ id: follows.followerId })
          .from(follows)
          .where(and(eq(follows.followeeId, userId), inArray(follows.followerId, actorIds)))
      : [],
    productIds.length
      ? db
          .select({
            id: products.id,
            title: products.title,
            listed: sql<boolean>`${products.status} = 'published' and not ${products.sellerHidden}`,
            priceMinor: products.priceMinor,
            stock: products.stock,
          })
          .from(products)
          .where(inArray(products.id, productIds))
      : [],
    commentIds.length
      ? db
          .select({ id: comments.id, status: comments.status })
          .from(comments)
          .where(inArray(comments.id, commentIds))
      : [],
    messageIds.length
      ? db.select({ id: messages.id }).from(messages).where(inArray(messages.id, messageIds))
      : [],
    // A liked post's alert goes out only while the member still likes it with the bell on.
    alertIds.length
      ? db
          .select({ id: productLikes.productId })
          .from(productLikes)
          .where(
            and(
              eq(productLikes.userId, userId),
              eq(productLikes.alert, true),
              inArray(productLikes.productId, alertIds),
            ),
          )
      : [],
  ]);
  const blockedIds = new Set(blocked.map((r) => r.id));
  const followerIds = new Set(following.map((r) => r.id));
  const titles = new Map(postRows.map((r) => [r.id, r.title]));
  const commentStatus = new Map(commentRows.map((r) => [r.id, r.status]));
  const messageIdsLeft = new Set(messageRows.map((r) => r.id));
  const posts = new Map(postRows.map((r) => [r.id, r]));
  const alertsOn = new Set(alertRows.map((r) => r.id));
  const money = (minor: number) => formatMoney(toMajor(minor), currency);

  const seen = new Set<string>();
  const events: DigestEvent[] = [];
  for (const row of rows) {
    if (!row.actorId || !row.actorName || row.actorStatus !== 'active') continue;
    if (blockedIds.has(row.actorId)) continue;
    if (now - row.createdAt.getTime() > MAX_EVENT_AGE_MS) continue;
    const { productId, commentId, messageId } = row.data;
    if (productId && !titles.has(productId)) continue;
    if (row.kind === 'new_follower' && !followerIds.has(row.actorId)) continue;
    if (commentId && row.kind === 'comment_to_review' && commentStatus.get(commentId) !== 'pending')
      continue;
    if (commentId && row.kind === 'comment_reply' && commentStatus.get(commentId) !== 'accepted')
      continue;
    if (messageId && !messageIdsLeft.has(messageId)) continue;
    let alert: Pick<DigestEvent, 'change' | 'price' | 'was'> = {};
    if (row.kind === 'liked_post_alert') {
      // Told as the post stands now: still listed, still cheaper than before the first drop, or
      // still in stock; one line per post and change however often it moved meanwhile.
      const post = productId ? posts.get(productId) : undefined;
      const change = row.data.change === 'price_drop' ? 'price_drop' : 'back_in_stock';
      const was = Number(row.data.wasMinor);
      if (!post?.listed || !alertsOn.has(post.id)) continue;
      if (change === 'price_drop' && !(post.priceMinor < was)) continue;
      if (change === 'back_in_stock' && post.stock < 1) continue;
      alert =
        change === 'price_drop'
          ? { change, price: money(post.priceMinor), was: money(was) }
          : { change };
    }
    const key = `${row.kind}:${commentId ?? messageId ?? (row.kind === 'new_follower' ? row.actorId : row.kind === 'liked_post_alert' ? `${productId}:${alert.change}` : row.id)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    events.push({
      ...alert,
      kind: row.kind,
      actorId: row.actorId,
      actorName: row.actorName,
      productId: productId && titles.has(productId) ? productId : undefined,
      productTitle: productId ? titles.get(productId) : undefined,
      excerpt: excerptOf(row.data.excerpt),
    });
  }
  return events;
}

/**
 * The `notifications.digest` job: one mail with every unmailed event of one member.
 *
 * Reads the events under the member's lock (so an event whose notify() counted on this job is
 * visible), mails the ones the member still wants, then marks everything read as mailed — the
 * dropped ones too, so switched-off kinds never pile up. Sending happens outside any transaction
 * (no connection or lock is held while a mail server answers); marking is conditional on
 * `mailed_at is null`, so a second run finds nothing left and sends nothing. The one duplicate
 * possible: the process dies after the mail server accepted the mail and before the mark, and the
 * retry sends the same digest again (at most once per crash). A failed send marks nothing and the
 * job retries with backoff.
 */
export async function sendDigest(
  deps: ModuleDeps,
  { userId }: z.output<typeof digestPayload>,
): Promise<void> {
  const rows = await inTransaction(deps, async (tx) => {
    await lockMemberDigest(tx.db, userId);
    return readUnmailed(tx.db, userId);
  });
  if (rows.length === 0) return;

  const [user] = await deps.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      status: users.status,
      activatedAt: users.activatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  // A deleted member's events went with the account; a suspended or never-activated one gets no
  // mail, and what happened meanwhile is not saved up for later.
  const reachable = user && user.status === 'active' && user.activatedAt !== null;
  let events: DigestEvent[] = [];
  if (reachable) {
    const settings = await readNotificationSettings(deps.db, userId);
    const wanted = rows.filter((row) => settings[SETTING_OF_KIND[row.kind]]);
    events = await stillRelevant(deps.db, userId, wanted, deps.now(), deps.env.CURRENCY);
  }
  if (user && reachable && events.length > 0) {
    const mail = digestMail({
      brandName: deps.env.BRAND_NAME,
      origin: appOrigin(deps),
      secret: deps.secret,
      user: { id: user.id, name: user.name },
      events,
    });
    await deps.mail.send({ to: user.email, ...mail });
  }
  const marked = await deps.db
    .update(notifications)
    .set({ mailedAt: nowDate(deps) })
    .where(
      and(
        inArray(
          notifications.id,
          rows.map((r) => r.id),
        ),
        isNull(notifications.mailedAt),
      ),
    )
    .returning({ id: notifications.id });
  deps.log.info(
    { userId, events: rows.length, mailed: events.length, marked: marked.length },
    events.length ? 'notification digest sent' : 'notification digest had nothing to send',
  );
}
