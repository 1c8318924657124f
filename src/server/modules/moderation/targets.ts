import { eq, inArray } from 'drizzle-orm';
import type { ModerationPerson } from '../../../shared/contracts/moderation';
import type { ReportTarget } from '../../../shared/contracts/social-rules';
import { comments, messages, products, users } from '../../db/schema';
import { notFound, type DbOrTx } from '../core';

// What a report points at, read straight from the owning modules' tables (reads are allowed
// anywhere): who wrote it, whether the reporter can see it, and how the queue names it.

const NOT_FOUND = {
  product: () =>
    notFound('This post could not be found. It may have been deleted.', 'PRODUCT_NOT_FOUND'),
  comment: () =>
    notFound('This comment could not be found. It may have been removed.', 'COMMENT_NOT_FOUND'),
  message: () =>
    notFound('This message could not be found. It may have been deleted.', 'MESSAGE_NOT_FOUND'),
  user: () => notFound('This user could not be found.', 'USER_NOT_FOUND'),
} satisfies Record<ReportTarget, () => Error>;

export const targetNotFound = (type: ReportTarget) => NOT_FOUND[type]();

/** A reportable thing: its author, and whether `viewerId` can see it at all. */
interface Seen {
  authorId: string;
  visible: boolean;
}

const isActive = (u: { status: string; activatedAt: Date | null } | undefined) =>
  u !== undefined && u.status === 'active' && u.activatedAt !== null;

async function authorState(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ status: users.status, activatedAt: users.activatedAt })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

async function seenProduct(db: DbOrTx, id: string): Promise<Seen | null> {
  const [row] = await db
    .select({ userId: products.userId, status: products.status, hidden: products.sellerHidden })
    .from(products)
    .where(eq(products.id, id));
  if (!row) return null;
  return {
    authorId: row.userId,
    visible:
      row.status === 'published' && !row.hidden && isActive(await authorState(db, row.userId)),
  };
}

async function seenComment(db: DbOrTx, id: string, viewerId: string): Promise<Seen | null> {
  const [row] = await db
    .select({
      userId: comments.userId,
      status: comments.status,
      ownerId: comments.productOwnerId,
      postStatus: products.status,
      postHidden: products.sellerHidden,
    })
    .from(comments)
    .innerJoin(products, eq(products.id, comments.productId))
    .where(eq(comments.id, id));
  if (!row) return null;
  // Others see accepted comments on public posts; the post's owner also sees those waiting.
  const shown = row.status === 'accepted' || (row.status === 'pending' && row.ownerId === viewerId);
  return {
    authorId: row.userId,
    visible:
      shown &&
      row.postStatus === 'published' &&
      !row.postHidden &&
      isActive(await authorState(db, row.userId)),
  };
}

async function seenMessage(db: DbOrTx, id: string, viewerId: string): Promise<Seen | null> {
  const [row] = await db
    .select({ userId: messages.userId, recipientId: messages.recipientId })
    .from(messages)
    .where(eq(messages.id, id));
  if (!row) return null;
  // A private message is only its two people's: its recipient may report it.
  const reachable = row.recipientId === null || row.recipientId === viewerId;
  return {
    authorId: row.userId,
    visible: reachable && isActive(await authorState(db, row.userId)),
  };
}

async function seenUser(db: DbOrTx, id: string): Promise<Seen | null> {
  const row = await authorState(db, id);
  return row ? { authorId: id, visible: isActive(row) } : null;
}

/**
 * The author of the thing `viewerId` reports, when they can see it: a thing that does not exist,
 * or that they cannot see (a draft, a private message between others, a suspended member's), is
 * 404 — whether it exists is not theirs to learn. `own` flags their own content.
 */
export async function reportedThing(
  db: DbOrTx,
  type: ReportTarget,
  id: string,
  viewerId: string,
): Promise<{ authorId: string; own: boolean }> {
  const viewer = viewerId.toLowerCase();
  const targetId = id.toLowerCase();
  const seen =
    type === 'product'
      ? await seenProduct(db, targetId)
      : type === 'comment'
        ? await seenComment(db, targetId, viewer)
        : type === 'message'
          ? await seenMessage(db, targetId, viewer)
          : await seenUser(db, targetId);
  if (!seen) throw targetNotFound(type);
  if (seen.authorId === viewer) return { authorId: seen.authorId, own: true };
  if (!seen.visible) throw targetNotFound(type);
  return { authorId: seen.authorId, own: false };
}

/** How the queue shows a reported thing. */
export interface TargetView {
  exists: boolean;
  excerpt: string;
  href: string | null;
  authorId: string | null;
}

export const EXCERPT_MAX = 160;
export const excerptOf = (text: string) =>
  text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : text;

const GONE: TargetView = { exists: false, excerpt: '', href: null, authorId: null };

/** The reported things of each type, looked up in one query per type. */
export async function describeTargets(
  db: DbOrTx,
  wanted: readonly { type: ReportTarget; id: string }[],
): Promise<Map<string, TargetView>> {
  const idsOf = (type: ReportTarget) => wanted.filter((w) => w.type === type).map((w) => w.id);
  const views = new Map<string, TargetView>();
  const key = (type: ReportTarget, id: string) => `${type}:${id}`;
  const [postRows, commentRows, messageRows, userRows] = await Promise.all([
    idsOf('product').length
      ? db
          .select({ id: products.id, title: products.title, userId: products.userId })
          .from(products)
          .where(inArray(products.id, idsOf('product')))
      : [],
    idsOf('comment').length
      ? db
          .select({
            id: comments.id,
            text: comments.text,
            userId: comments.userId,
            productId: comments.productId,
          })
          .from(comments)
          .where(inArray(comments.id, idsOf('comment')))
      : [],
    idsOf('message').length
      ? db
          .select({ id: messages.id, text: messages.text, userId: messages.userId })
          .from(messages)
          .where(inArray(messages.id, idsOf('message')))
      : [],
    idsOf('user').length
      ? db
          .select({ id: users.id, username: users.username, name: users.name, bio: users.bio })
          .from(users)
          .where(inArray(users.id, idsOf('user')))
      : [],
  ]);
  for (const p of postRows)
    views.set(key('product', p.id), {
      exists: true,
      excerpt: excerptOf(p.title || 'Untitled post'),
      href: `/products/${p.id}`,
      authorId: p.userId,
    });
  for (const c of commentRows)
    views.set(key('comment', c.id), {
      exists: true,
      excerpt: excerptOf(c.text),
      href: `/products/${c.productId}`,
      authorId: c.userId,
    });
  for (const m of messageRows)
    views.set(key('message', m.id), {
      exists: true,
      excerpt: excerptOf(m.text),
      href: null,
      authorId: m.userId,
    });
  for (const u of userRows)
    views.set(key('user', u.id), {
      exists: true,
      excerpt: excerptOf(u.bio ? `${u.name} — ${u.bio}` : u.name),
      href: `/${u.username}`,
      authorId: u.id,
    });
  return new Map(wanted.map((w) => [key(w.type, w.id), views.get(key(w.type, w.id)) ?? GONE]));
}

/** People by id, as the moderation pages name them, with whether each is suspended. */
export async function peopleByIds(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, ModerationPerson & { suspended: boolean }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username, name: users.name, status: users.status })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(
    rows.map((r) => [
      r.id,
      { _id: r.id, username: r.username, name: r.name, suspended: r.status === 'suspended' },
    ]),
  );
}
