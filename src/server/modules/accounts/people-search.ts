import { and, inArray, or, sql } from 'drizzle-orm';
import type { PublicMember } from '../../../shared/contracts/accounts';
import { users } from '../../db/schema';
import type { ModuleDeps } from '../core';
import { containsPattern, hasPublicPage } from './directory';
import { toPublicMember } from './users-repo';

/** Matches read from the table and ranked at most (the trgm indexes find them; see search.ts). */
const CANDIDATES = 200;

/** The query as a name: lower case, one space between words, a leading @ dropped. */
export const personQuery = (query: string) =>
  query.toLowerCase().trim().replace(/^@+/, '').replace(/\s+/g, ' ').trim();

/**
 * The members a search names (POST /products/search, docs/decisions/059): members with a public
 * page (`hasPublicPage`: active, activated, not staff, a seller or with a published post) whose
 * username or display name is like the query, with the typo tolerance of post search — pg_trgm
 * similarity at its default threshold (`%`, 0.3), as post search corrects its words — or contains
 * it (3+ characters). Both are served by the trgm GIN indexes on lower(username) and lower(name)
 * (migration 0008). Best first: the exact username, the exact display name, then the most similar,
 * the most liked. Public fields only (toPublicMember).
 */
export async function searchPeople(
  deps: Pick<ModuleDeps, 'db'>,
  input: { query: string; limit: number },
): Promise<PublicMember[]> {
  const q = personQuery(input.query);
  if (!q || input.limit < 1) return [];
  const username = sql`lower(${users.username})`;
  const name = sql`lower(${users.name})`;
  const like = q.length >= 3 ? containsPattern(q) : null;
  const candidates = deps.db
    .select({ id: users.id, username: users.username, name: users.name, likes: users.likesCount })
    .from(users)
    .where(
      and(
        or(
          sql`${username} % ${q}`,
          sql`${name} % ${q}`,
          sql`${username} = ${q}`,
          like ? sql`${username} like ${like}` : undefined,
          like ? sql`${name} like ${like}` : undefined,
        ),
        hasPublicPage,
      ),
    )
    .limit(CANDIDATES)
    .as('c');
  const ranked = await deps.db
    .select({ id: candidates.id })
    .from(candidates)
    .orderBy(
      sql`lower(${candidates.username}) = ${q} desc`,
      sql`lower(${candidates.name}) = ${q} desc`,
      sql`greatest(similarity(lower(${candidates.username}), ${q}), similarity(lower(${candidates.name}), ${q})) desc`,
      sql`${candidates.likes} desc`,
      candidates.id,
    )
    .limit(input.limit);
  if (ranked.length === 0) return [];
  const ids = ranked.map((r) => r.id);
  const rows = await deps.db.select().from(users).where(inArray(users.id, ids));
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return rows.map(toPublicMember);
}
