// Tables of the comments module: moderated comments on posts, threaded by `replyTo`.
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { COMMENT_STATUSES } from '../../../shared/contracts/social-rules';
import { users } from './accounts';
import { products } from './catalog';

export { COMMENT_STATUSES };

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The post's owner when the comment was written: their review queue reads by it. */
    productOwnerId: uuid('product_owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The comment this one answers; a removed parent takes its replies with it. */
    replyTo: uuid('reply_to').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    status: text('status', { enum: COMMENT_STATUSES }).notNull().default('pending'),
    /** Who approved or rejected it, and when (the moderation record). */
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_product_status_created_idx').on(t.productId, t.status, t.createdAt),
    index('comments_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('comments_owner_status_created_idx').on(t.productOwnerId, t.status, t.createdAt),
    // The moderators' queue: every pending comment, oldest first.
    index('comments_pending_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('comments_reply_to_idx').on(t.replyTo),
  ],
);

export type CommentRow = typeof comments.$inferSelect;
