import { and, eq, sql } from 'drizzle-orm';
import { isUuid } from '../../../shared/contracts/common';
import type { Message, MessageInput } from '../../../shared/contracts/messages';
import { SOCIAL_LIMITS } from '../../../shared/contracts/social-rules';
import { truncate } from '../../../shared/format';
import { messages, users, type MessageRow, type StoredMedia } from '../../db/schema';
import {
  announceChange,
  deleteFilesLater,
  forbidden,
  inTransaction,
  nowDate,
  validationError,
  type DbOrTx,
  type ModuleDeps,
} from '../core';
import { notify } from '../notifications';
import { assertNotBlocked } from '../social';
import { storeMessageImages } from './media';
import {
  isListedUser,
  isParty,
  memberNotFound,
  messageNotFound,
  readMessage,
  toMessage,
  type MessageActor,
} from './rows';

export interface SaveMessageInput {
  message: MessageInput;
  /** New images (the multipart form's `image` files), appended after the kept ones. */
  images?: readonly Buffer[];
}

const MAX_IMAGES = SOCIAL_LIMITS.messageMediasMax;
const tooManyImages = () =>
  validationError(
    `image: A message can have at most ${MAX_IMAGES} images. Remove some and try again.`,
  );

interface Member {
  id: string;
  username: string;
  name: string;
}

/** A member others can reach, by user id or username (a leading @ is allowed), or undefined. */
async function findMember(db: DbOrTx, ref: string): Promise<Member | undefined> {
  const name = ref.trim().replace(/^@/, '');
  const which = isUuid(name)
    ? eq(users.id, name.toLowerCase())
    : sql`lower(${users.username}) = ${name.toLowerCase()}`;
  const [row] = await db
    .select({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .where(and(which, isListedUser()))
    .limit(1);
  return row;
}

/**
 * The recipient of a new private message: known and active (else 404), not the sender (400), and
 * neither has blocked the other (403).
 */
async function recipientFor(db: DbOrTx, actorId: string, ref: string): Promise<Member> {
  const member = await findMember(db, ref);
  if (!member) throw memberNotFound();
  if (member.id === actorId.toLowerCase())
    throw validationError(
      'recipient: You cannot send a private message to yourself. Leave the recipient out to post it publicly.',
      'SELF_ACTION',
    );
  await assertNotBlocked(db, actorId, member.id);
  return member;
}

/** The message to update: it exists and the actor may see it (404), and wrote it (403). */
async function ownMessage(db: DbOrTx, actor: MessageActor, id: string, lock: boolean) {
  const query = db.select().from(messages).where(eq(messages.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  // A private message is not acknowledged to anyone but its two members.
  if (!row || (row.recipientId && !isParty(row, actor.id))) throw messageNotFound();
  if (row.userId !== actor.id.toLowerCase())
    throw forbidden('You can only edit your own messages.', 'NOT_AUTHOR');
  return row;
}

/** A message keeps its audience: `recipient` on an update may only name the same member. */
async function assertSameAudience(db: DbOrTx, row: MessageRow, ref: string | undefined) {
  if (ref === undefined) return;
  if (!row.recipientId)
    throw validationError(
      'recipient: A public message cannot become private. Send a new private message instead.',
    );
  const member = await findMember(db, ref);
  if (member?.id !== row.recipientId)
    throw validationError(
      'recipient: A private message cannot be moved to another member. Send a new message instead.',
    );
}

/** The kept images in their new order (ids must be the message's own, once each). */
function keptMedias(row: MessageRow, ids: readonly string[] | undefined): StoredMedia[] {
  if (ids === undefined) return row.medias;
  const byId = new Map(row.medias.map((m) => [m.id, m]));
  if (new Set(ids).size !== ids.length)
    throw validationError('medias: List each image of the message once.');
  return ids.map((id) => {
    const media = byId.get(id);
    if (!media)
      throw validationError(
        'medias: One of these images is not part of the message. Reload the page and try again.',
      );
    return media;
  });
}

/** Checks that need no lock, before any image is processed (a refused call stores nothing). */
async function precheck(deps: ModuleDeps, actor: MessageActor, input: SaveMessageInput) {
  const { message } = input;
  const newImages = input.images?.length ?? 0;
  if (message._id) {
    const row = await ownMessage(deps.db, actor, message._id, false);
    await assertSameAudience(deps.db, row, message.recipient);
    if (keptMedias(row, message.medias).length + newImages > MAX_IMAGES) throw tooManyImages();
    if (row.recipientId) await assertNotBlocked(deps.db, actor.id, row.recipientId);
  } else {
    if (message.medias !== undefined)
      throw validationError('medias: A new message has no images to keep yet. Attach them as files.');
    if (newImages > MAX_IMAGES) throw tooManyImages();
    if (message.recipient !== undefined) await recipientFor(deps.db, actor.id, message.recipient);
  }
}

/**
 * PUT /messages: sends a new message — public (the author's page and the /messages feed), or
 * private to `recipient` (who is notified by email) — or updates one of the author's own: its
 * text, tags and images, never its audience. New images are processed and stored before the
 * transaction; if the write is refused, they are queued for deletion. Returns the saved message.
 */
export async function saveMessage(
  deps: ModuleDeps,
  actor: MessageActor,
  input: SaveMessageInput,
): Promise<Message> {
  await precheck(deps, actor, input);
  const actorId = actor.id.toLowerCase();
  const added = input.images?.length
    ? await storeMessageImages(deps, actorId, input.images)
    : [];
  const { message } = input;
  try {
    const saved = await inTransaction(deps, async (tx) => {
      const now = nowDate(tx);
      let id: string;
      if (message._id) {
        // Checked again under the row lock: the message may have changed since the precheck.
        const row = await ownMessage(tx.db, actor, message._id, true);
        await assertSameAudience(tx.db, row, message.recipient);
        if (row.recipientId) await assertNotBlocked(tx.db, actorId, row.recipientId);
        const kept = keptMedias(row, message.medias);
        const medias = [...kept, ...added];
        if (medias.length > MAX_IMAGES) throw tooManyImages();
        await tx.db
          .update(messages)
          .set({
            text: message.text,
            ...(message._tags !== undefined && { tags: message._tags }),
            medias,
            updatedAt: now,
          })
          .where(eq(messages.id, row.id));
        const keptIds = new Set(kept.map((m) => m.id));
        await deleteFilesLater(
          tx,
          row.medias.filter((m) => !keptIds.has(m.id)).flatMap((m) => m.keys),
        );
        id = row.id;
      } else {
        const recipient =
          message.recipient !== undefined
            ? await recipientFor(tx.db, actorId, message.recipient)
            : null;
        const [row] = await tx.db
          .insert(messages)
          .values({
            userId: actorId,
            recipientId: recipient?.id ?? null,
            text: message.text,
            tags: message._tags ?? [],
            medias: added,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: messages.id });
        id = row!.id;
        if (recipient) {
          await notify(tx, {
            userId: recipient.id,
            kind: 'private_message',
            actorId,
            data: { excerpt: truncate(message.text, 140), messageId: id },
          });
        }
      }
      const read = await readMessage(tx.db, id);
      if (!read) throw messageNotFound();
      return read;
    });
    // A public message shows on its author's page: cached copies of it go.
    if (!saved.message.recipientId) announceChange(deps, { kind: 'user', userIds: [actorId] });
    return toMessage(saved);
  } catch (err) {
    if (added.length) await deleteFilesLater(deps, added.flatMap((m) => m.keys));
    throw err;
  }
}
