import { and, eq } from 'drizzle-orm';
import { sites } from '../../db/schema';
import { nowDate, type ModuleDeps } from '../core';

/**
 * A site is created named after its owner. While the owner has not given it a name of their own
 * (it still equals their old display name), renaming themselves renames the page too. Called by
 * accounts inside its profile transaction (through the transaction's deps), so both change together.
 */
export async function followOwnerRename(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  userId: string,
  from: { oldName: string; newName: string },
): Promise<void> {
  if (from.oldName === from.newName) return;
  await deps.db
    .update(sites)
    .set({ name: from.newName, updatedAt: nowDate(deps) })
    .where(and(eq(sites.userId, userId), eq(sites.name, from.oldName)));
}
