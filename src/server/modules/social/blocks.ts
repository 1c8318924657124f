import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { BlockResponse, SocialUsers } from '../../../shared/contracts/social';
import { blocks, follows, users } from '../../db/schema';
import { isPublicUserId, profileColumns, toProfileWithCounts } from '../accounts';
import {
  announceChange,
  forbidden,
  inTransaction,
  nowDate,
  type DbOrTx,
  type ModuleDeps,
} from '../core';
import { sameId, selfAction, userNotFound } from './errors';
import { countAll, offsetOf, pageAndCount, type PageQuery } from './pages';

/** What a blocked member is told when they try to reach the member who blocked them. */
export const BLOCKED_MESSAGE =
  'You cannot do this: this member has blocked you, or you have blocked them.';

/** Whether either of the two has blocked the other. */
export async function isBlockedEitherWay(db: DbOrTx, a: string, b: string): Promise<boolean> {
  if (a.toLowerCase() === b.toLowerCase()) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Refuses (403) when `actorId` wants to reach `targetId` — message, comment on, follow, like — and
 * either has blocked the other. Call it inside the writer's transaction, before writing.
 */
export async function assertNotBlocked(
  db: DbOrTx,
  actorId: string,
  targetId: string,
): Promise<void> {
  if (await isBlockedEitherWay(db, actorId, targetId)) throw forbidden(BLOCKED_MESSAGE, 'BLOCKED');
}

/**
 * A filter for feeds read by `viewerId`: keeps rows whose author (`authorColumn`) has not blocked
 * the viewer and is not blocked by them. Undefined for anonymous viewers (nothing to hide).
 */
export function notBlockedFor(
  viewerId: string | null | undefined,
  authorColumn: AnyPgColumn,
): SQL | undefined {
  if (!viewerId) return undefined;
  return sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${authorColumn}) or (${blocks.blockerId} = ${authorColumn} and ${blocks.blockedId} = ${viewerId}))`;
}

/**
 * POST /users/block: `blockerId` blocks member `blockedId`, or unblocks them (a toggle). Blocking
 * ends the follows between the two, both ways, in the same transaction. Unblocking works whatever
 * the member's state (a suspended member can be unblocked); a new block needs a public member
 * (404 otherwise). Not oneself (400).
 */
export async function toggleBlock(
  deps: ModuleDeps,
  blockerId: string,
  blockedId: string,
): Promise<BlockResponse> {
  if (sameId(blockerId, blockedId)) throw selfAction('block');
  const done = await inTransaction(deps, async (tx) => {
    const unblocked = await tx.db
      .delete(blocks)
      .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
      .returning({ blockedId: blocks.blockedId });
    if (unblocked.length > 0) return { blocked: false };
    if (!(await isPublicUserId(tx.db, blockedId))) throw userNotFound();
    await tx.db
      .insert(blocks)
      .values({ blockerId, blockedId, createdAt: nowDate(tx) })
      .onConflictDoNothing();
    await tx.db
      .delete(follows)
      .where(
        or(
          and(eq(follows.followerId, blockerId), eq(follows.followeeId, blockedId)),
          and(eq(follows.followerId, blockedId), eq(follows.followeeId, blockerId)),
        ),
      );
    return { blocked: true };
  });
  // Follower counts of both pages may have changed, and who may see or reach whom: hard.
  announceChange(deps, { kind: 'user', userIds: [blockerId, blockedId] });
  return done;
}

/** GET /users/blocked: the members I have blocked (whatever their state), newest block first. */
export async function listBlocked(
  deps: Pick<ModuleDeps, 'db'>,
  blockerId: string,
  query: PageQuery,
): Promise<SocialUsers> {
  const where = eq(blocks.blockerId, blockerId);
  const { rows, recordsCount } = await pageAndCount(
    deps.db
      .select(profileColumns)
      .from(blocks)
      .innerJoin(users, eq(users.id, blocks.blockedId))
      .where(where)
      .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
      .limit(query.limit)
      .offset(offsetOf(query)),
    deps.db.select({ count: countAll }).from(blocks).where(where),
  );
  return { users: rows.map(toProfileWithCounts), recordsCount };
}
