import {
  and,
  arrayContains,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type {
  Conversations,
  MessageList,
  MessageListQuery,
  MessagePageQuery,
  MyMessagesQuery,
  Thread,
  UserMessages,
} from '../../../shared/contracts/messages';
import { isUuid } from '../../../shared/contracts/common';
import { messages, users } from '../../db/schema';
import {
  forbidden,
  inTransaction,
  nowDate,
  validationError,
  type DbOrTx,
  type ModuleDeps,
} from '../core';
import { BLOCKED_MESSAGE, isBlockedEitherWay, notBlockedFor } from '../social';
import {
  isListedUser,
  isParty,
  memberNotFound,
  messageNotFound,
  selectMessages,
  toMessage,
  toMessageUser,
  type MessageActor,
} from './rows';

type ReadDeps = Pick<ModuleDeps, 'db'>;

/** Newest first; the id keeps rows of one instant in one order, so pages never overlap. */
const NEWEST = [desc(messages.createdAt), desc(messages.id)];

/** One page of messages matching `where` (authors joined, never N+1) and how many match. */
async function pageOf(
  db: DbOrTx,
  where: SQL | undefined,
  query: MessagePageQuery,
): Promise<MessageList> {
  const [rows, [count]] = await Promise.all([
    selectMessages(db)
      .where(where)
      .orderBy(...NEWEST)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.userId))
      .where(where),
  ]);
  return { messages: rows.map(toMessage), recordsCount: count?.n ?? 0 };
}

/** Public messages a viewer may see: authors active, and not blocked either way. */
const publicFor = (viewerId: string | null) =>
  and(isNull(messages.recipientId), isListedUser(), notBlockedFor(viewerId, messages.userId));

/** GET /messages: the public feed, newest first, optionally with one tag (`tagName`). */
export async function listFeed(
  deps: ReadDeps,
  viewerId: string | null,
  query: MessageListQuery,
): Promise<MessageList> {
  const tag = query.tag || undefined;
  const list = await pageOf(
    deps.db,
    and(publicFor(viewerId), tag ? arrayContains(messages.tags, [tag]) : undefined),
    query,
  );
  return tag ? { ...list, tagName: tag } : list;
}

/** A member others can see (active, activated), by username; else 404. */
async function listedMemberByName(db: DbOrTx, username: string) {
  const [member] = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      imageThumbnail: users.imageThumbnail,
      imageFullsize: users.imageFullsize,
    })
    .from(users)
    .where(
      and(sql`lower(${users.username}) = ${username.trim().replace(/^@/, '').toLowerCase()}`, isListedUser()),
    )
    .limit(1);
  if (!member) throw memberNotFound();
  return member;
}

/**
 * GET /messages/user/:username — one member's public messages and the member (unknown or
 * suspended: 404). A viewer blocked either way by them gets the member with no messages.
 */
export async function listUserMessages(
  deps: ReadDeps,
  viewerId: string | null,
  username: string,
  query: MessagePageQuery,
): Promise<UserMessages> {
  const member = await listedMemberByName(deps.db, username);
  const list = await pageOf(
    deps.db,
    and(eq(messages.userId, member.id), publicFor(viewerId)),
    query,
  );
  return { ...list, user: toMessageUser(member) };
}

/**
 * GET /messages/mine — my public and sent private messages, newest first; `id`: one of them (to
 * edit it): someone else's is 403, and a private one I am not part of does not exist (404).
 */
export async function listMyMessages(
  deps: ReadDeps,
  actor: MessageActor,
  query: MyMessagesQuery,
): Promise<MessageList> {
  const me = actor.id.toLowerCase();
  if (query.id) {
    const [row] = await selectMessages(deps.db).where(eq(messages.id, query.id.toLowerCase())).limit(1);
    if (!row || (row.message.recipientId && !isParty(row.message, me))) throw messageNotFound();
    if (row.message.userId !== me)
      throw forbidden('You can only edit your own messages.', 'NOT_AUTHOR');
    return { messages: [toMessage(row)], recordsCount: 1 };
  }
  return pageOf(deps.db, eq(messages.userId, me), query);
}

/** Private messages between `me` and anyone: `partner` is the other member of each. */
const privateOf = (me: string) =>
  and(
    isNotNull(messages.recipientId),
    or(eq(messages.userId, me), eq(messages.recipientId, me)),
  )!;
const partnerOf = (me: string) =>
  sql<string>`case when ${messages.userId} = ${me} then ${messages.recipientId} else ${messages.userId} end`;

/** Unread messages to `me` from members I can see (active, not blocked either way). */
const unreadTo = (me: string) =>
  and(
    eq(messages.recipientId, me),
    isNull(messages.readAt),
    isListedUser(),
    notBlockedFor(me, messages.userId),
  );

/** GET /messages/unread-count: unread private messages to me (the partial index serves it). */
export async function unreadCount(deps: ReadDeps, userId: string): Promise<{ unreadCount: number }> {
  const [row] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.userId))
    .where(unreadTo(userId.toLowerCase()));
  return { unreadCount: row?.n ?? 0 };
}

/**
 * GET /messages/conversations — one entry per member I have exchanged private messages with
 * (active, not blocked either way), the latest conversation first, with its last message and the
 * number of their messages I have not opened; and the unread total. Three statements whatever the
 * page size: the page of partners, their last messages, the unread counts.
 */
export async function listConversations(
  deps: ReadDeps,
  userId: string,
  query: MessagePageQuery,
): Promise<Conversations> {
  const me = userId.toLowerCase();
  const db = deps.db;
  // The partner is computed once per row first: DISTINCT ON must match the ORDER BY exactly.
  const mine = db.$with('mine').as(
    db
      .select({
        messageId: sql<string>`${messages.id}`.as('message_id'),
        sentAt: sql<Date>`${messages.createdAt}`.as('sent_at'),
        partnerId: partnerOf(me).as('partner_id'),
      })
      .from(messages)
      .where(privateOf(me)),
  );
  const threads = db.$with('threads').as(
    db
      .with(mine)
      .selectDistinctOn([mine.partnerId], {
        partnerId: sql<string>`${mine.partnerId}`.as('partner_id'),
        lastId: sql<string>`${mine.messageId}`.as('last_id'),
        lastAt: sql<Date>`${mine.sentAt}`.as('last_at'),
      })
      .from(mine)
      .orderBy(mine.partnerId, desc(mine.sentAt), desc(mine.messageId)),
  );
  const visible = and(isListedUser(), notBlockedFor(me, users.id));
  const [page, [count], unread] = await Promise.all([
    db
      .with(threads)
      .select({ partnerId: threads.partnerId, lastId: threads.lastId })
      .from(threads)
      .innerJoin(users, eq(users.id, threads.partnerId))
      .where(visible)
      .orderBy(desc(threads.lastAt), asc(threads.partnerId))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .with(threads)
      .select({ n: sql<number>`count(*)::int` })
      .from(threads)
      .innerJoin(users, eq(users.id, threads.partnerId))
      .where(visible),
    db
      .select({ from: messages.userId, n: sql<number>`count(*)::int` })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.userId))
      .where(unreadTo(me))
      .groupBy(messages.userId),
  ]);
  const lastRows = page.length
    ? await selectMessages(db).where(
        inArray(
          messages.id,
          page.map((p) => p.lastId),
        ),
      )
    : [];
  const lastById = new Map(lastRows.map((r) => [r.message.id, r]));
  const unreadBy = new Map(unread.map((u) => [u.from, u.n]));
  const conversations = page.flatMap((p) => {
    const last = lastById.get(p.lastId);
    if (!last) return [];
    const other = last.message.userId === me ? last.recipient : last.author;
    if (!other) return [];
    return [
      {
        user: toMessageUser(other),
        lastMessage: toMessage(last),
        unreadCount: unreadBy.get(p.partnerId) ?? 0,
      },
    ];
  });
  return {
    conversations,
    recordsCount: count?.n ?? 0,
    unreadCount: unread.reduce((sum, u) => sum + u.n, 0),
  };
}

/**
 * GET /messages/conversations/:userId — the private messages between me and one member. Page 1
 * holds the newest `limit` messages; each page reads oldest to newest (a chat). Opening it marks
 * every message from them to me as read, in the same transaction, so the answer shows `readAt`.
 * Unknown or suspended members are 404, myself 400, a member blocked either way 403.
 */
export async function readThread(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  userId: string,
  otherId: string,
  query: MessagePageQuery,
): Promise<Thread> {
  const me = userId.toLowerCase();
  if (!isUuid(otherId)) throw memberNotFound();
  const other = otherId.toLowerCase();
  if (other === me)
    throw validationError(
      'userId: This is you. Open a conversation with another member.',
      'SELF_ACTION',
    );
  return inTransaction(deps, async (tx) => {
    const [member] = await tx.db
      .select({
        id: users.id,
        username: users.username,
        name: users.name,
        imageThumbnail: users.imageThumbnail,
        imageFullsize: users.imageFullsize,
      })
      .from(users)
      .where(and(eq(users.id, other), isListedUser()))
      .limit(1);
    if (!member) throw memberNotFound();
    if (await isBlockedEitherWay(tx.db, me, other)) throw forbidden(BLOCKED_MESSAGE, 'BLOCKED');
    await tx.db
      .update(messages)
      .set({ readAt: nowDate(tx) })
      .where(
        and(eq(messages.userId, other), eq(messages.recipientId, me), isNull(messages.readAt)),
      );
    const between = or(
      and(eq(messages.userId, me), eq(messages.recipientId, other)),
      and(eq(messages.userId, other), eq(messages.recipientId, me)),
    );
    const list = await pageOf(tx.db, between, query);
    return { messages: list.messages.reverse(), recordsCount: list.recordsCount, user: toMessageUser(member) };
  });
}
