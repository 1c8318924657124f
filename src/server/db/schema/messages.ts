// Tables of the messages module: short posts on the author's page and the /messages feed, or
// private messages to one user (a conversation thread), and their likes.
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import type { StoredMedia } from './catalog';

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set for a private message: only the author and this user ever see it. */
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    medias: jsonb('medias')
      .$type<StoredMedia[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    likesCount: integer('likes_count').notNull().default(0),
    /** Private messages: when the recipient opened the conversation. */
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The public feed: messages without a recipient, newest first.
    index('messages_public_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.recipientId} is null`),
    index('messages_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('messages_recipient_created_idx').on(t.recipientId, t.createdAt.desc()),
    index('messages_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.recipientId} is not null and ${t.readAt} is null`),
    index('messages_tags_idx').using('gin', t.tags),
  ],
);

export type MessageRow = typeof messages.$inferSelect;

export const messageLikes = pgTable(
  'message_likes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.messageId] }),
    index('message_likes_message_idx').on(t.messageId),
  ],
);
