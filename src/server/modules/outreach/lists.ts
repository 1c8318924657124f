import { and, count, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { isAdminRole, type Role } from '../../../shared/contracts/account-rules';
import { MARKETPLACE_LIST } from '../../../shared/contracts/outreach-rules';
import { emailListSubscribers, users } from '../../db/schema';
import { forbidden, notFound, type DbOrTx, type ModuleDeps } from '../core';

/** A seller whose list it is (null everywhere below: the marketplace's own newsletter). */
export interface ListOwner {
  id: string;
  username: string;
  name: string;
}

/** Rows of one list: a seller's, or the marketplace's (owner null). */
export const onList = (owner: Pick<ListOwner, 'id'> | null): SQL =>
  owner ? eq(emailListSubscribers.listOwnerId, owner.id) : isNull(emailListSubscribers.listOwnerId);

const sellerNotFound = () =>
  notFound('This seller could not be found. Check the page address.', 'USER_NOT_FOUND');

/** The member whose list `username` names (any case; active only unless said), or 404. */
export async function findListOwner(
  deps: Pick<ModuleDeps, 'db'>,
  username: string,
  { activeOnly = true }: { activeOnly?: boolean } = {},
): Promise<ListOwner> {
  const [row] = await deps.db
    .select({ id: users.id, username: users.username, name: users.name, status: users.status })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  if (!row || (activeOnly && row.status !== 'active')) throw sellerNotFound();
  return { id: row.id, username: row.username, name: row.name || row.username };
}

export async function listOwnerById(db: DbOrTx, id: string | null): Promise<ListOwner | null> {
  if (!id) return null;
  const [row] = await db
    .select({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ? { ...row, name: row.name || row.username } : null;
}

/**
 * Which list a seller or admin means for stats and export: their own (no `list`); admins also
 * `marketplace` or any seller's username. A member naming another's list is refused.
 */
export async function listOfCaller(
  deps: Pick<ModuleDeps, 'db'>,
  caller: { id: string; role: Role },
  list: string | undefined,
): Promise<ListOwner | null> {
  if (!list) {
    const owner = await listOwnerById(deps.db, caller.id);
    if (!owner) throw sellerNotFound();
    return owner;
  }
  const admin = isAdminRole(caller.role);
  if (list.toLowerCase() === MARKETPLACE_LIST) {
    if (!admin) throw forbidden('Only admins can see the marketplace newsletter list.');
    return null;
  }
  const owner = await findListOwner(deps, list, { activeOnly: false });
  if (owner.id !== caller.id && !admin)
    throw forbidden('You can only see your own email list.', 'NOT_OWNER');
  return owner;
}

/** How many addresses of a list are in each status. */
export async function listCounts(db: DbOrTx, owner: Pick<ListOwner, 'id'> | null) {
  const rows = await db
    .select({ status: emailListSubscribers.status, count: sql<number>`count(*)::int` })
    .from(emailListSubscribers)
    .where(onList(owner))
    .groupBy(emailListSubscribers.status);
  const counts = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const r of rows) counts[r.status] = Number(r.count);
  return counts;
}

/**
 * The places a list's size limit counts: confirmed addresses, and pending ones whose confirmation
 * link still works (updated after `since`); a sign-up never confirmed stops holding a place.
 */
export async function placesTaken(db: DbOrTx, owner: Pick<ListOwner, 'id'>, since: Date) {
  const s = emailListSubscribers;
  const [row] = await db
    .select({ n: count() })
    .from(s)
    .where(
      and(
        onList(owner),
        or(eq(s.status, 'confirmed'), and(eq(s.status, 'pending'), gt(s.updatedAt, since))),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Serialises sign-ups to one list for the rest of the transaction (its size limit holds). */
export async function lockList(db: DbOrTx, owner: Pick<ListOwner, 'id'> | null): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-list:${owner?.id ?? ''}`}))`);
}

/** One subscriber row of a list, by address. */
export async function findSubscriber(db: DbOrTx, owner: ListOwner | null, email: string) {
  const [row] = await db
    .select()
    .from(emailListSubscribers)
    .where(and(onList(owner), eq(emailListSubscribers.email, email)))
    .limit(1);
  return row;
}
