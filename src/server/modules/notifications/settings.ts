import { eq } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_SETTING_KEYS,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from '../../../shared/contracts/notifications';
import { notificationSettings, users } from '../../db/schema';
import { notFound, nowDate, type DbOrTx, type ModuleDeps } from '../core';

const pick = (row: NotificationSettings): NotificationSettings => ({
  newFollower: row.newFollower,
  commentToReview: row.commentToReview,
  commentReply: row.commentReply,
  privateMessage: row.privateMessage,
  likedPostAlert: row.likedPostAlert,
  checkoutReminder: row.checkoutReminder,
  offers: row.offers,
});

/** A member's email settings; every email is on until they change one. */
export async function readNotificationSettings(
  db: DbOrTx,
  userId: string,
): Promise<NotificationSettings> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row ? pick(row) : { ...DEFAULT_NOTIFICATION_SETTINGS };
}

/** GET /users/notification-settings. */
export async function getNotificationSettings(
  deps: Pick<ModuleDeps, 'db'>,
  userId: string,
): Promise<NotificationSettings> {
  return readNotificationSettings(deps.db, userId);
}

/**
 * Changes only the settings given (PUT /users/notification-settings, and the unsubscribe link).
 * One upsert, so two changes at once cannot lose each other's other fields.
 */
export async function updateNotificationSettings(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  userId: string,
  changes: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  const set: NotificationSettingsUpdate = {};
  for (const key of NOTIFICATION_SETTING_KEYS) {
    if (typeof changes[key] === 'boolean') set[key] = changes[key];
  }
  const [exists] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!exists) throw notFound('This account no longer exists.', 'USER_NOT_FOUND');
  const updatedAt = nowDate(deps);
  const [row] = await deps.db
    .insert(notificationSettings)
    .values({ ...DEFAULT_NOTIFICATION_SETTINGS, ...set, userId, updatedAt })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...set, updatedAt } })
    .returning();
  return pick(row!);
}
