import { createHmac, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { eq, lt } from 'drizzle-orm';
import { insightSalts } from '../../db/schema';
import type { Env } from '../../config/env';
import type { ModuleDeps } from '../core';
import { addDays, utcDay } from './days';

// Unique visitors without cookies (docs/decisions/071): a visitor is the keyed hash of the
// seller, the client's network (/24 or /48) and user agent, keyed by a random salt of the UTC
// day. The salt is shared by every instance (a row) and deleted when the day after has ended, so
// no hash can be recomputed or linked across days afterwards. Addresses and agents are never
// stored: only the hash is.

/** The network of an address: IPv4's first three bytes, IPv6's first six (mapped IPv4 as IPv4). */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  const version = isIP(ip);
  if (version === 4) return ip.split('.').slice(0, 3).join('.');
  if (version !== 6) return '';
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return groups
    .slice(0, 3)
    .map((g) => g.padStart(4, '0'))
    .join(':');
}

/** The day's keyed hash of one visitor of one seller (22 characters: 128 bits). */
export function visitorHash(
  salt: string,
  visit: { sellerId: string; address: string; userAgent: string },
): string {
  return createHmac('sha256', salt)
    .update(`${visit.sellerId}\n${networkOf(visit.address)}\n${visit.userAgent}`)
    .digest('base64url')
    .slice(0, 22);
}

/** Salts this process has read, by app (tests run several) and day. */
const known = new WeakMap<Env, Map<string, string>>();

/** Salts of days before yesterday are gone (a day's salt lives until the next day ends: ≤ 48 h). */
const oldestKept = (now: number) => addDays(utcDay(now), -1);

/**
 * The salt of UTC day `day` (today's or yesterday's; older ones no longer exist: null). Made by
 * the first instance that needs it; the others read that one.
 */
export async function saltOf(
  deps: Pick<ModuleDeps, 'db' | 'env' | 'now'>,
  day: string,
): Promise<string | null> {
  if (day < oldestKept(deps.now())) return null;
  let cache = known.get(deps.env);
  if (!cache) known.set(deps.env, (cache = new Map()));
  for (const kept of cache.keys()) if (kept < oldestKept(deps.now())) cache.delete(kept);
  const cached = cache.get(day);
  if (cached) return cached;
  await deps.db
    .insert(insightSalts)
    .values({ day, salt: randomBytes(32).toString('base64url'), createdAt: new Date(deps.now()) })
    .onConflictDoNothing();
  const [row] = await deps.db
    .select({ salt: insightSalts.salt })
    .from(insightSalts)
    .where(eq(insightSalts.day, day))
    .limit(1);
  if (row) cache.set(day, row.salt);
  return row?.salt ?? null;
}

/** Deletes the salts of days before yesterday (the maintenance job, every hour on the hour). */
export async function forgetOldSalts(deps: Pick<ModuleDeps, 'db' | 'env' | 'now'>): Promise<number> {
  const gone = await deps.db
    .delete(insightSalts)
    .where(lt(insightSalts.day, oldestKept(deps.now())))
    .returning({ day: insightSalts.day });
  known.get(deps.env)?.clear();
  return gone.length;
}
