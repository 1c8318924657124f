// Tables of the social module: likes of posts and users, follows and blocks. Each is a pair of
// users (or a user and a post) under a primary key, so liking or following twice — even in two
// parallel requests — can only ever make one row; counts are kept in the same transaction.
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalog';

export const productLikes = pgTable(
  'product_likes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /**
     * The bell beside the heart: tell me when this post gets cheaper or is back in stock
     * (docs/decisions/075). Kept on the like, so taking the like back ends the alert too.
     */
    alert: boolean('alert').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    // "Who rang the bell for this post": only the few likes with an alert are indexed.
    index('product_likes_alert_idx')
      .on(t.productId)
      .where(sql`${t.alert}`),
    // "My favourites, newest first" reads (user, created_at); the PK serves "did I like it".
    index('product_likes_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('product_likes_product_idx').on(t.productId),
  ],
);

export const userLikes = pgTable(
  'user_likes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    likedUserId: uuid('liked_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.likedUserId] }),
    index('user_likes_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('user_likes_liked_idx').on(t.likedUserId),
  ],
);

export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_follower_created_idx').on(t.followerId, t.createdAt.desc()),
    index('follows_followee_idx').on(t.followeeId),
  ],
);

/** `blockerId` blocked `blockedId`: neither sees the other in feeds; the blocked cannot reach the blocker. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId),
  ],
);
