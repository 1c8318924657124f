import { z } from 'zod';
import { imageSchema, isUuid, requiredAs } from './common';
import { ACCOUNT_TYPES, ROLES, hasNoNul, NAME_MAX, NUL_RULE, EMAIL_MAX } from './account-rules';
import { publicMemberSchema } from './accounts';
import { USER_STATUSES } from './social-rules';

// The member directory (GET /users?name=) and the staff's user calls: the admin list
// (GET /admin/users), suspending and reinstating (PATCH /users/status) and deleting (DELETE /users).

/** Lists of people: 1-based pages of at most this many (DESIGN §4). */
export const USER_LIST_LIMITS = { pageSizeDefault: 20, pageSizeMax: 100, pageMax: 10_000 } as const;

export const pageField = z.coerce
  .number({ error: 'Must be a number.' })
  .int('Must be a whole number.')
  .min(1, 'Must be at least 1.')
  .max(USER_LIST_LIMITS.pageMax, `Must be at most ${USER_LIST_LIMITS.pageMax}.`)
  .default(1);

export const limitField = z.coerce
  .number({ error: 'Must be a number.' })
  .int('Must be a whole number.')
  .min(1, 'Must be at least 1.')
  .max(USER_LIST_LIMITS.pageSizeMax, `Must be at most ${USER_LIST_LIMITS.pageSizeMax}.`)
  .default(USER_LIST_LIMITS.pageSizeDefault);

/** A search text: trimmed, at most `max` characters, never the NUL PostgreSQL cannot hold. */
const searchText = (max: number) =>
  z
    .string(requiredAs('one search text'))
    .trim()
    .max(max, `Search with at most ${max} characters.`)
    .refine(hasNoNul, NUL_RULE)
    .optional()
    // An empty search is no search (the form sends `name=` when the box is cleared).
    .transform((v) => (v ? v : undefined));

export const userIdField = z
  .string(requiredAs('a user id'))
  .trim()
  .max(100, { error: 'Must be a user id.', abort: true })
  .refine(isUuid, 'Must be a user id.');

// ---- GET /users?name= (public directory) ----
export const directoryQuery = z.object(
  { name: searchText(NAME_MAX), page: pageField, limit: limitField },
  requiredAs('a query'),
);
export type DirectoryQuery = z.input<typeof directoryQuery>;
/** A member as the directory shows them to anyone: the public member (docs/decisions/051). */
export const directoryMemberSchema = publicMemberSchema;
export type DirectoryMember = z.infer<typeof directoryMemberSchema>;
export const directoryResponse = z.object({
  users: z.array(directoryMemberSchema),
  recordsCount: z.number().int(),
});
export type DirectoryResponse = z.infer<typeof directoryResponse>;

// ---- GET /admin/users (moderators and admins) ----
/** A member as staff see them: the account's state, not its profile. */
export const adminUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  accountType: z.enum(ACCOUNT_TYPES),
  status: z.enum(USER_STATUSES),
  image: imageSchema.nullable(),
  likesCount: z.number().int(),
  createdAt: z.string(),
  /** Null until the member opened the activation link. */
  activatedAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuery = z.object(
  {
    /** Part of the username, display name or email. */
    q: searchText(EMAIL_MAX),
    role: z.enum(ROLES, { error: `Choose one of: ${ROLES.join(', ')}.` }).optional(),
    status: z
      .enum(USER_STATUSES, { error: `Choose one of: ${USER_STATUSES.join(', ')}.` })
      .optional(),
    page: pageField,
    limit: limitField,
  },
  requiredAs('a query'),
);
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;
export const adminUsersResponse = z.object({
  users: z.array(adminUserSchema),
  recordsCount: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;

// ---- PATCH /users/status ----
export const userStatusRequest = z.object(
  {
    id: userIdField,
    status: z.enum(USER_STATUSES, {
      error: (issue) =>
        issue.input === undefined
          ? 'This field is required.'
          : `Choose one of: ${USER_STATUSES.join(', ')}.`,
    }),
  },
  requiredAs('a JSON object'),
);
export type UserStatusRequest = z.infer<typeof userStatusRequest>;
export const adminUserResponse = z.object({ user: adminUserSchema });
export type AdminUserResponse = z.infer<typeof adminUserResponse>;

// ---- DELETE /users?id= ----
export const deleteUserQuery = z.object({ id: userIdField }, requiredAs('a query'));
export const deletedUserResponse = z.object({ _id: z.string() });
export type DeletedUserResponse = z.infer<typeof deletedUserResponse>;
