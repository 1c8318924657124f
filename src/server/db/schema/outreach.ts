// Tables of the outreach module: messages sent through the contact form, and email lists — the
// marketplace's own (owner null) and each seller's (owner: the seller) — with double opt-in.
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const CONTACT_MESSAGE_STATUSES = ['new', 'handled'] as const;
export const EMAIL_LIST_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The signed-in sender, if any (kept when the account goes: the message stays answerable). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: CONTACT_MESSAGE_STATUSES }).notNull().default('new'),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('contact_messages_status_created_idx').on(t.status, t.createdAt.desc()),
    index('contact_messages_created_idx').on(t.createdAt.desc()),
  ],
);
export type ContactMessageRow = typeof contactMessages.$inferSelect;

export const emailListSubscribers = pgTable(
  'email_list_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Whose list: a seller's, or null for the marketplace's own newsletter. */
    listOwnerId: uuid('list_owner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    status: text('status', { enum: EMAIL_LIST_STATUSES }).notNull().default('pending'),
    /** Where they signed up (e.g. 'footer', 'site'). */
    source: text('source').notNull().default(''),
    confirmedAt: ts('confirmed_at'),
    unsubscribedAt: ts('unsubscribed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('email_list_owner_email_uq').on(t.listOwnerId, t.email).nullsNotDistinct(),
    index('email_list_owner_status_idx').on(t.listOwnerId, t.status, t.createdAt),
    index('email_list_email_idx').on(sql`lower(${t.email})`),
  ],
);
export type EmailListSubscriberRow = typeof emailListSubscribers.$inferSelect;
