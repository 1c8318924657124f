import { eq, is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { PublicMember, SessionUser } from '../../../shared/contracts/accounts';
import { imageOf } from '../../../shared/contracts/common';
import { refreshTokens, users, type NewUserRow, type SiteRow, type UserRow } from '../../db/schema';
import { conflict, inTransaction, uniqueViolation, type DbOrTx, type ModuleDeps } from '../core';
import { createSite, type SiteFields } from '../sites';

export function toSessionUser(row: UserRow): SessionUser {
  return {
    _id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    role: row.role,
    accountType: row.accountType,
    bio: row.bio,
    link: row.link,
    _tags: row.tags,
    image: imageOf(row.imageThumbnail, row.imageFullsize),
    plan: row.plan ?? null,
    likesCount: row.likesCount,
    likesType: 'user',
    stripeUserId: row.stripeUserId,
    stripeAccountLink: row.stripeAccountLink,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Another member as anyone sees them (`publicMemberSchema`, docs/decisions/051). */
export function toPublicMember(row: UserRow): PublicMember {
  return {
    _id: row.id,
    username: row.username,
    name: row.name,
    bio: row.bio,
    link: row.link,
    _tags: row.tags,
    image: imageOf(row.imageThumbnail, row.imageFullsize),
    likesCount: row.likesCount,
  };
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The session subject's read, built from `db` with its two values left as placeholders. */
function sessionSubjectQuery(db: DbOrTx) {
  return db
    .select({
      id: users.id,
      role: users.role,
      status: users.status,
      sessionVersion: users.sessionVersion,
      // No login given (null): no refresh token matches, so it has not ended.
      sessionEnded: sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sql.placeholder('familyId')} and ${refreshTokens.revokedAt} is not null)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1);
}

/**
 * Every signed-in request runs this read, so outside a transaction its SQL is built once per
 * database and kept as a named prepared statement: PostgreSQL parses and plans it once per
 * connection, and Drizzle does not rebuild the same string each time (a third of a query's
 * cost in the process: bench/RESULTS.md, "Checkout after issue 27").
 */
const preparedSessionSubject = new WeakMap<object, ReturnType<typeof prepareSessionSubject>>();
const prepareSessionSubject = (db: DbOrTx) => sessionSubjectQuery(db).prepare('session_subject');

/**
 * What authenticating a token needs of its user, in one primary-key read with no heavy columns;
 * given a login (refresh family), also whether that login has been ended.
 */
export async function findSessionSubject(db: DbOrTx, id: string, familyId?: string) {
  const values = { id, familyId: familyId ?? null };
  if (is(db, PgTransaction)) return (await sessionSubjectQuery(db).execute(values))[0];
  let query = preparedSessionSubject.get(db);
  if (!query) preparedSessionSubject.set(db, (query = prepareSessionSubject(db)));
  const [row] = await query.execute(values);
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/** Login accepts the email or the username; an email always has '@', a username never does. */
export async function findUserByLogin(
  db: DbOrTx,
  identifier: string,
): Promise<UserRow | undefined> {
  const value = identifier.trim().toLowerCase();
  const column = value.includes('@') ? users.email : users.username;
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${column}) = ${value}`)
    .limit(1);
  return row;
}

const TAKEN = {
  username: 'This username is already taken. Please choose another one.',
  email: 'An account with this email already exists. Log in or reset your password instead.',
} as const;

function takenError(field: 'username' | 'email') {
  return conflict(
    `${field}: ${TAKEN[field]}`,
    field === 'username' ? 'USERNAME_TAKEN' : 'EMAIL_TAKEN',
    [{ path: [field], message: TAKEN[field] }],
  );
}

/** Friendly 409 before inserting; the unique index still decides races (see createAccount). */
export async function assertUsernameAvailable(db: DbOrTx, username: string): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  if (taken) throw takenError('username');
}

export interface NewAccount {
  username: string;
  name: string;
  email: string;
  passwordHash: string;
  accountType: NewUserRow['accountType'];
  role?: NewUserRow['role'];
  activatedAt?: Date | null;
  bio?: string;
  link?: string;
  tags?: string[];
  /** Site fields other than the defaults (name defaults to the display name). */
  site?: Partial<SiteFields>;
}

/**
 * Inserts a user and has the sites module create their site, in one transaction (a savepoint
 * when deps.db is already one), so both exist or neither does. A lost race on username/email
 * becomes the same 409 as the up-front check.
 */
export async function createAccount(
  deps: Pick<ModuleDeps, 'db'>,
  input: NewAccount,
): Promise<{ user: UserRow; site: SiteRow }> {
  try {
    return await inTransaction(deps, async (tx) => insertAccount(tx, input));
  } catch (err) {
    const violated = uniqueViolation(err);
    if (violated !== null) throw takenError(violated.includes('username') ? 'username' : 'email');
    throw err;
  }
}

async function insertAccount(tx: Pick<ModuleDeps, 'db'>, input: NewAccount) {
  const [user] = await tx.db
    .insert(users)
    .values({
      username: input.username,
      name: input.name,
      email: input.email,
      passwordHash: input.passwordHash,
      accountType: input.accountType,
      role: input.role ?? 'user',
      activatedAt: input.activatedAt ?? null,
      bio: input.bio ?? '',
      link: input.link ?? '',
      tags: input.tags ?? [],
    })
    .returning();
  if (!user) throw new Error('insert returned no user');
  const site = await createSite(tx, { userId: user.id, ownerName: input.name, fields: input.site });
  return { user, site };
}
