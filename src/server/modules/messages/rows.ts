import { and, eq, isNotNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Role } from '../../../shared/contracts/account-rules';
import type { Media } from '../../../shared/contracts/catalog';
import type { Message, MessageUser } from '../../../shared/contracts/messages';
import { imageOf } from '../../../shared/contracts/common';
import { messages, users, type MessageRow, type StoredMedia } from '../../db/schema';
import { notFound, type DbOrTx } from '../core';

/** Who acts on a message (the signed-in member). */
export interface MessageActor {
  id: string;
  role: Role;
}

/** The recipient of a private message, joined as a second copy of `users`. */
export const recipients = alias(users, 'recipient');

const authorColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  imageThumbnail: users.imageThumbnail,
  imageFullsize: users.imageFullsize,
};
const recipientColumns = {
  id: recipients.id,
  username: recipients.username,
  name: recipients.name,
  imageThumbnail: recipients.imageThumbnail,
  imageFullsize: recipients.imageFullsize,
};

interface PersonRow {
  id: string;
  username: string;
  name: string;
  imageThumbnail: string | null;
  imageFullsize: string | null;
}

/** A message with its author and (private messages) recipient, read in the same statement. */
export interface MessageWithPeople {
  message: MessageRow;
  author: PersonRow;
  recipient: PersonRow | null;
}

/**
 * `select … from messages join users (author) left join users (recipient)`: every list reads its
 * people in the one statement (never one query per message).
 */
export function selectMessages(db: DbOrTx) {
  return db
    .select({
      message: messages,
      author: authorColumns,
      recipient: recipientColumns,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.userId))
    .leftJoin(recipients, eq(recipients.id, messages.recipientId));
}

/** Whose messages others may see: an active (not suspended) account that has been activated. */
export const isListedUser = (): SQL =>
  and(eq(users.status, 'active'), isNotNull(users.activatedAt))!;

export const messageNotFound = () =>
  notFound('This message could not be found. It may have been deleted.', 'MESSAGE_NOT_FOUND');

export const memberNotFound = () =>
  notFound('This member could not be found. Check the name and try again.', 'USER_NOT_FOUND');

export function toMessageUser(row: PersonRow): MessageUser {
  return {
    _id: row.id,
    username: row.username,
    name: row.name,
    image: imageOf(row.imageThumbnail, row.imageFullsize),
  };
}

const srcset = (variants: { url: string; width: number }[]) =>
  variants.map((v) => `${v.url} ${v.width}w`).join(', ');

function toMedia(m: StoredMedia): Media {
  const largest = m.fullsizes[m.fullsizes.length - 1];
  return {
    _id: m.id,
    type: m.type,
    alt: m.alt,
    thumbnail: m.thumbnails[0]?.url ?? null,
    fullsize: largest?.url ?? '',
    srcset: { thumbnail: srcset(m.thumbnails), fullsize: srcset(m.fullsizes) },
    width: m.width,
    height: m.height,
  };
}

/** The wire shape of a message (SPEC §3 "Message (post)": `_id`, `_tags`, likes). */
export function toMessage(row: MessageWithPeople): Message {
  const m = row.message;
  return {
    _id: m.id,
    text: m.text,
    _tags: m.tags,
    medias: m.medias.map(toMedia),
    likesCount: m.likesCount,
    likesType: 'message',
    user: toMessageUser(row.author),
    recipient: row.recipient ? toMessageUser(row.recipient) : null,
    readAt: m.readAt ? m.readAt.toISOString() : null,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

/** One message with its people, or undefined. */
export async function readMessage(db: DbOrTx, id: string): Promise<MessageWithPeople | undefined> {
  const [row] = await selectMessages(db).where(eq(messages.id, id)).limit(1);
  return row;
}

/** Whether `viewerId` is one of the two members of a private message. */
export const isParty = (row: Pick<MessageRow, 'userId' | 'recipientId'>, viewerId: string) => {
  const id = viewerId.toLowerCase();
  return row.userId === id || row.recipientId === id;
};
