import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { notifications, users } from '../../src/server/db/schema';
import { inTransaction } from '../../src/server/modules/core';
import { notify, type NotificationEvent } from '../../src/server/modules/notifications';
import {
  NOTIFICATION_SETTING_KEYS,
  type NotificationSettings,
} from '../../src/shared/contracts/notifications';
import { SOCIAL_LIMITS } from '../../src/shared/contracts/social-rules';
import type { TestApp } from '../helpers/app';

/**
 * A member's settings with every notification email off, as the "all" unsubscribe link leaves
 * them: built from the setting keys, so a new kind of email the link missed fails the comparison.
 */
export const ALL_EMAILS_OFF = Object.fromEntries(
  NOTIFICATION_SETTING_KEYS.map((key) => [key, false]),
) as NotificationSettings;

/** Records an event the way other modules do: notify() inside their write transaction. */
export function recordEvent(t: TestApp, event: NotificationEvent): Promise<void> {
  return inTransaction(t.moduleDeps(), (tx) => notify(tx, event));
}

/** Moves the clock past the batch window, so a digest scheduled until now is due. */
export function passBatchWindow(t: TestApp): void {
  t.advanceTime(SOCIAL_LIMITS.notificationBatchMs + 1000);
}

/** Outbox mail to `email` (runs the due jobs first). */
export async function mailsTo(t: TestApp, email: string) {
  return (await t.outbox()).filter((m) => m.to.toLowerCase() === email.toLowerCase());
}

/** The header fields of an outbox message, unfolded, by lower-case name. */
export async function headersOf(t: TestApp, file: string): Promise<Map<string, string>> {
  const raw = (await readFile(path.join(t.dataDir, 'outbox', file), 'utf8')).replace(/\r\n/g, '\n');
  const head = raw.slice(0, raw.indexOf('\n\n')).replace(/\n[ \t]+/g, ' ');
  const fields = new Map<string, string>();
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return fields;
}

export async function setUserStatus(t: TestApp, userId: string, status: 'active' | 'suspended') {
  await t.deps.database.db.update(users).set({ status }).where(eq(users.id, userId));
}

/** The member's events that no digest has taken yet. */
export async function unmailed(t: TestApp, userId: string) {
  const rows = await t.deps.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return rows.filter((r) => r.mailedAt === null);
}

/** `?token=` of every /unsubscribe link in a text, by the link's label line above it. */
export function unsubscribeLinks(text: string): Map<string, string> {
  const lines = text.split('\n');
  const found = new Map<string, string>();
  lines.forEach((line, i) => {
    const match = /\/unsubscribe\?token=([A-Za-z0-9_.%-]+)/.exec(line);
    if (match && i > 0)
      found.set(lines[i - 1]!.replace(/:$/, '').trim(), decodeURIComponent(match[1]!));
  });
  return found;
}
