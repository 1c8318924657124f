import { eq } from 'drizzle-orm';
import type {
  MeResponse,
  ProfileUpdate,
  PublicProfile,
  SessionUser,
} from '../../../shared/contracts/accounts';
import { isUuid } from '../../../shared/contracts/common';
import { notFound, unauthorized } from '../../../shared/errors';
import { storeImage, type StoredImage } from '../../adapters/images/store-image';
import { users } from '../../db/schema';
import { findSiteByUserId } from '../sites/read';
import { nowDate, silentLog, type AccountsDeps, type Logger } from './deps';
import { findUserById, toPublicProfile, toSessionUser } from './users-repo';

export const USER_NOT_FOUND = 'This user could not be found.';

/** GET /users/me: the signed-in user and their site (the web app's root loader). */
export async function getMe(deps: AccountsDeps, userId: string): Promise<MeResponse> {
  const db = deps.database.db;
  const [user, site] = await Promise.all([findUserById(db, userId), findSiteByUserId(db, userId)]);
  if (!user || !site) throw unauthorized();
  return { user: toSessionUser(user), site };
}

/** GET /users/:id. A malformed id is simply a user that does not exist. */
export async function getPublicProfile(deps: AccountsDeps, id: string): Promise<PublicProfile> {
  const user = isUuid(id) ? await findUserById(deps.database.db, id) : undefined;
  if (!user || user.status !== 'active') throw notFound(USER_NOT_FOUND, 'USER_NOT_FOUND');
  return toPublicProfile(user);
}

/**
 * PUT /users and PUT /profiles/media: profile fields and/or a new avatar. The image is processed
 * and stored first (slow, outside the transaction); the row is updated in one statement; the old
 * avatar files are deleted only after that commits, and the new ones if it fails, so a crash
 * never leaves the profile pointing at missing files.
 */
export async function updateProfile(
  deps: AccountsDeps,
  userId: string,
  input: { profile?: ProfileUpdate; image?: Buffer },
  log: Logger = silentLog,
): Promise<SessionUser> {
  const db = deps.database.db;
  const stored: StoredImage | undefined = input.image
    ? await storeImage(deps.storage, `avatars/${userId}`, input.image)
    : undefined;
  let oldKeys: string[] = [];
  let updated;
  try {
    updated = await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(users)
        .where(eq(users.id, userId))
        .limit(1)
        .for('update');
      if (!current) throw unauthorized();
      oldKeys = stored ? current.imageKeys : [];
      const profile = input.profile ?? {};
      const [row] = await tx
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
      return row!;
    });
  } catch (err) {
    if (stored) await removeObjects(deps, stored.keys, log);
    throw err;
  }
  if (oldKeys.length) await removeObjects(deps, oldKeys, log);
  return toSessionUser(updated);
}

async function removeObjects(deps: AccountsDeps, keys: string[], log: Logger) {
  const results = await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
  for (const [i, r] of results.entries()) {
    // An orphaned file costs disk space, not correctness: log and carry on.
    if (r.status === 'rejected')
      log.warn({ err: r.reason, key: keys[i] }, 'could not delete a replaced avatar');
  }
}
