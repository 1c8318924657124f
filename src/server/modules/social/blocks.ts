import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { blocks } from '../../db/schema';
import { forbidden, type DbOrTx } from '../core';

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
