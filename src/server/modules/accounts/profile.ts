import { eq } from 'drizzle-orm';
import type {
  MeResponse,
  ProfileUpdate,
  PublicProfile,
  SessionUser,
} from '../../../shared/contracts/accounts';
import { ImageRejectedError } from '../../adapters/images/process';
import { storeImage, type StoredImage } from '../../adapters/images/store-image';
import { users } from '../../db/schema';
import {
  deleteFilesLater,
  inTransaction,
  notFound,
  nowDate,
  unauthorized,
  validationError,
  announceChange,
  type ModuleDeps,
} from '../core';
import { findSiteByUserId, followOwnerRename } from '../sites';
import { findPublicProfile } from './social';
import { findUserById, toSessionUser } from './users-repo';

export const USER_NOT_FOUND = 'This user could not be found.';

/** GET /users/me: the signed-in user and their site (the web app's root loader). */
export async function getMe(deps: ModuleDeps, userId: string): Promise<MeResponse> {
  const [user, site] = await Promise.all([findUserById(deps.db, userId), findSiteByUserId(deps, userId)]);
  if (!user || !site) throw unauthorized();
  return { user: toSessionUser(user), site };
}

/**
 * GET /users/:id, with follower and following counts (one statement). A malformed id is simply a
 * user that does not exist; so is a suspended or not yet activated one (no public page either).
 */
export async function getPublicProfile(deps: ModuleDeps, id: string): Promise<PublicProfile> {
  const profile = await findPublicProfile(deps.db, id);
  if (!profile) throw notFound(USER_NOT_FOUND, 'USER_NOT_FOUND');
  return profile;
}

/** The image adapter's refusal, in the kernel's terms (its message is written for people). */
async function storeAvatar(deps: ModuleDeps, userId: string, image: Buffer): Promise<StoredImage> {
  try {
    return await storeImage(deps.storage, `avatars/${userId}`, image);
  } catch (err) {
    if (err instanceof ImageRejectedError) throw validationError(err.message, 'IMAGE_REJECTED');
    throw err;
  }
}

/**
 * PUT /users and PUT /profiles/media: profile fields and/or a new avatar. The image is processed
 * and stored first (slow, outside the transaction); the row is updated in one statement, and the
 * replaced avatar's files are queued for deletion in the same transaction; if it fails, the new
 * files are queued instead. A crash never leaves the profile pointing at missing files.
 */
export async function updateProfile(
  deps: ModuleDeps,
  userId: string,
  input: { profile?: ProfileUpdate; image?: Buffer },
): Promise<SessionUser> {
  const stored = input.image ? await storeAvatar(deps, userId, input.image) : undefined;
  try {
    const updated = await inTransaction(deps, async (tx) => {
      const [current] = await tx.db
        .select()
        .from(users)
        .where(eq(users.id, userId))
        .limit(1)
        .for('update');
      if (!current) throw unauthorized();
      const profile = input.profile ?? {};
      const [row] = await tx.db
        .update(users)
        .set({
          ...(profile.name !== undefined && { name: profile.name }),
          ...(profile.bio !== undefined && { bio: profile.bio }),
          ...(profile.link !== undefined && { link: profile.link }),
          ...(profile._tags !== undefined && { tags: profile._tags }),
          ...(stored && {
            imageThumbnail: stored.thumbnail,
            imageFullsize: stored.fullsize,
            imageKeys: stored.keys,
          }),
          updatedAt: nowDate(deps),
        })
        .where(eq(users.id, userId))
        .returning();
      if (stored) await deleteFilesLater(tx, current.imageKeys);
      if (profile.name !== undefined)
        await followOwnerRename(tx, userId, { oldName: current.name, newName: profile.name });
      return row!;
    });
    // Posts carry their seller's name and photo, the page their bio and link: cached copies go.
    announceChange(deps, { kind: 'user', userIds: [userId] });
    return toSessionUser(updated);
  } catch (err) {
    if (stored) await deleteFilesLater(deps, stored.keys);
    throw err;
  }
}
