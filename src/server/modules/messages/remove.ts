import { eq } from 'drizzle-orm';
import { isModeratorRole } from '../../../shared/contracts/account-rules';
import { isUuid } from '../../../shared/contracts/common';
import { messages } from '../../db/schema';
import {
  announceChange,
  deleteFilesLater,
  forbidden,
  inTransaction,
  type ModuleDeps,
} from '../core';
import { isParty, messageNotFound, type MessageActor } from './rows';

/**
 * DELETE /messages?id= (its author, or a moderator removing it): the row, its likes (cascade) and
 * — through the job queue, after the commit — its stored media files go. A private message is
 * not acknowledged to anyone but its two members and moderators (404 for others, like an unknown
 * id); its recipient may not delete it for both (403).
 */
export async function deleteMessage(
  deps: ModuleDeps,
  actor: MessageActor,
  id: string,
): Promise<{ _id: string }> {
  if (!isUuid(id)) throw messageNotFound();
  const moderator = isModeratorRole(actor.role);
  const removed = await inTransaction(deps, async (tx) => {
    const [row] = await tx.db.select().from(messages).where(eq(messages.id, id)).for('update');
    if (!row) throw messageNotFound();
    if (row.recipientId && !isParty(row, actor.id) && !moderator) throw messageNotFound();
    if (row.userId !== actor.id.toLowerCase() && !moderator) {
      throw forbidden('You can only delete your own messages.', 'NOT_AUTHOR');
    }
    await tx.db.delete(messages).where(eq(messages.id, row.id));
    await deleteFilesLater(
      tx,
      row.medias.flatMap((m) => m.keys),
    );
    return row;
  });
  if (!removed.recipientId) announceChange(deps, { kind: 'user', userIds: [removed.userId] });
  return { _id: removed.id };
}
