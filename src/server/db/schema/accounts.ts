// Tables of the accounts module (modules/accounts writes them; others may only read).
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ACCOUNT_TYPES, ROLES, type UserPlan } from '../../../shared/contracts/accounts';
import { USER_STATUSES } from '../../../shared/contracts/social-rules';

// One source of truth for the enums: the shared contract the API and the web app validate with.
export { ACCOUNT_TYPES, ROLES, USER_STATUSES, type UserPlan };

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
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    imageThumbnail: text('image_thumbnail'),
    imageFullsize: text('image_fullsize'),
    /** Storage keys of the current avatar, so a replaced avatar can be deleted. */
    imageKeys: text('image_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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
    // The member directory and the admin list search names anywhere (`lower(x) like '%q%'`):
    // trigram indexes serve those; the admin list pages newest first.
    index('users_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    index('users_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    index('users_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/**
 * Opaque refresh tokens, stored as SHA-256 hashes. Every rotation adds a row in the same family;
 * presenting a row that is already used revokes the whole family (RFC 9700 reuse detection).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Absolute end of the family: rotation never extends it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * When this spent token was presented again within the race window and handed its one
     * sibling pair (two tabs refreshing at once). A further replay revokes the family.
     */
    siblingIssuedAt: timestamp('sibling_issued_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export const USER_TOKEN_PURPOSES = ['activation', 'password_reset'] as const;

/** Single-use emailed tokens (account activation, password reset), stored hashed. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: USER_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_tokens_hash_idx').on(t.tokenHash),
    index('user_tokens_user_idx').on(t.userId, t.purpose),
  ],
);
