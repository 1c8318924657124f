// Tables of the notifications module: per-user email settings and the events waiting to be mailed.
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '../../../shared/contracts/social-rules';
import { users } from './accounts';

export { NOTIFICATION_KINDS };

/** A missing row means every email is on (the defaults). */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newFollower: boolean('new_follower').notNull().default(true),
  commentToReview: boolean('comment_to_review').notNull().default(true),
  commentReply: boolean('comment_reply').notNull().default(true),
  privateMessage: boolean('private_message').notNull().default(true),
  likedPostAlert: boolean('liked_post_alert').notNull().default(true),
  checkoutReminder: boolean('checkout_reminder').notNull().default(true),
  offers: boolean('offers').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One event for one user; batched into a digest mail a few minutes after the first unmailed one. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    /** Who caused it (the follower, the commenter, the sender). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    /** What the mail needs to say and link to (post title and id, comment excerpt…). */
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_unmailed_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.mailedAt} is null`),
  ],
);
