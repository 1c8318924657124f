import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ACCOUNT_TYPES, ROLES, type UserPlan } from '../../../shared/contracts/accounts';

// One source of truth for the enums: the shared contract the API and the web app validate with.
export { ACCOUNT_TYPES, ROLES, type UserPlan };
export const USER_STATUSES = ['active', 'suspended'] as const;

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    accountType: text('account_type', { enum: ACCOUNT_TYPES }).notNull().default('both'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    bio: text('bio').notNull().default(''),
    link: text('link').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    imageThumbnail: text('image_thumbnail'),
    imageFullsize: text('image_fullsize'),
    /** Storage keys of the current avatar, so a replaced avatar can be deleted. */
    imageKeys: text('image_keys').array().notNull().default(sql`'{}'::text[]`),
    stripeUserId: text('stripe_user_id'),
    stripeAccountLink: text('stripe_account_link'),
    plan: jsonb('plan').$type<UserPlan>(),
    likesCount: integer('likes_count').notNull().default(0),
    /** Bumped on password change / forced logout: access tokens carrying an older value are refused. */
    sessionVersion: integer('session_version').notNull().default(0),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
