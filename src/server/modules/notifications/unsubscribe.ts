import { eq } from 'drizzle-orm';
import {
  NOTIFICATION_SETTING_KEYS,
  unsubscribedMessage,
  type NotificationSettingsUpdate,
  type UnsubscribeResponse,
} from '../../../shared/contracts/notifications';
import { MESSAGES } from '../../../shared/messages';
import { users } from '../../db/schema';
import { validationError, type ModuleDeps } from '../core';
import { updateNotificationSettings } from './settings';
import { readUnsubscribeToken } from './unsubscribe-token';

const invalidLink = () =>
  validationError(MESSAGES.unsubscribeTokenInvalid, 'UNSUBSCRIBE_TOKEN_INVALID');

/**
 * POST /notifications/unsubscribe: the link of a notification email switches that kind of email
 * (or all of them) off for the member it was sent to. No sign-in: the signed token is the proof.
 * Idempotent — opening the link twice says the same thing — and it never switches anything on.
 */
export async function unsubscribe(
  deps: Pick<ModuleDeps, 'db' | 'now' | 'secret'>,
  token: string | undefined,
): Promise<UnsubscribeResponse> {
  const claim = token ? readUnsubscribeToken(deps.secret, token) : null;
  if (!claim) throw invalidLink();
  // A deleted account's link is as good as any other dead link.
  const [user] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, claim.userId));
  if (!user) throw invalidLink();
  const off: NotificationSettingsUpdate =
    claim.scope === 'all'
      ? Object.fromEntries(NOTIFICATION_SETTING_KEYS.map((key) => [key, false]))
      : { [claim.scope]: false };
  await updateNotificationSettings(deps, user.id, off);
  return { message: unsubscribedMessage(claim.scope), kind: claim.scope, userId: user.id };
}
