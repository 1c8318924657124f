import { eq } from 'drizzle-orm';
import { isModeratorRole, type Role } from '../../../shared/contracts/account-rules';
import { isUuid } from '../../../shared/contracts/common';
import { messages } from '../../db/schema';
import {
  announceChange,
  deleteFilesLater,
  forbidden,
  inTransaction,
  notFound,
  type ModuleDeps,
} from '../core';

export interface MessageActor {
  id: string;
  role: Role;
}

export const messageNotFound = () =>
  notFound('This message could not be found. It may have been deleted.', 'MESSAGE_NOT_FOUND');

/**
 * DELETE /messages?id= (its author, or a moderator removing it): the row, its likes (cascade) and
 * — through the job queue, after the commit — its stored media files go.
 */
export async function deleteMessage(
  deps: ModuleDeps,
  actor: MessageActor,
  id: string,
): Promise<{ _id: string }> {
  if (!isUuid(id)) throw messageNotFound();
  const authorId = await inTransaction(deps, async (tx) => {
    const [row] = await tx.db.select().from(messages).where(eq(messages.id, id)).for('update');
    if (!row) throw messageNotFound();
    if (row.userId !== actor.id.toLowerCase() && !isModeratorRole(actor.role)) {
      throw forbidden('You can only delete your own messages.', 'NOT_AUTHOR');
    }
    await tx.db.delete(messages).where(eq(messages.id, row.id));
    await deleteFilesLater(
      tx,
      row.medias.flatMap((m) => m.keys),
    );
    return row.userId;
  });
  announceChange(deps, { kind: 'user', userIds: [authorId] });
  return { _id: id };
}
