import { sql } from 'drizzle-orm';
import {
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_RE,
  isReservedUsername,
  normalizeUsername,
} from '../../../shared/contracts/accounts';
import { users } from '../../db/schema';
import type { DbOrTx } from '../core';

/** Turns any text (an email's local part) into a valid username shape, without checking use. */
export function usernameBase(source: string): string {
  let base = normalizeUsername(source)
    .normalize('NFKD')
    // Accents become separate marks under NFKD: drop them so 'jürgen' becomes 'jurgen'.
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, USERNAME_MAX - 4)
    .replace(/[-_]+$/g, '');
  if (base.length < USERNAME_MIN) base = `user${base ? `-${base}` : ''}`;
  return base;
}

/** A free, valid, non-reserved username derived from `source` ("admin" → "admin-2"). */
export async function deriveUsername(db: DbOrTx, source: string): Promise<string> {
  const base = usernameBase(source);
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!USERNAME_RE.test(candidate) || isReservedUsername(candidate)) continue;
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${candidate}`)
      .limit(1);
    if (!taken) return candidate;
  }
  throw new Error(`no free username for ${JSON.stringify(source)}`);
}
