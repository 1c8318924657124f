import { and, arrayOverlaps, eq, inArray, notInArray } from 'drizzle-orm';
import type { MySite } from '../../../shared/contracts/sites';
import type { SiteLinkInput, SiteLinksUpdate } from '../../../shared/contracts/site-links';
import { zonedTimeToInstant } from '../../../shared/time-zone';
import { products, siteLinks } from '../../db/schema';
import {
  announceChange,
  inTransaction,
  nowDate,
  validationError,
  type DbOrTx,
  type ModuleDeps,
} from '../core';
import { requirePlanAllows } from '../entitlements';
import { getMySite } from './read';
import { lockSiteOf } from './update';

type FieldIssue = { path: (string | number)[]; message: string };

/** A window edge as sent (wall-clock time in the site's zone, or an instant) → an instant. */
function edgeInstant(value: string | null | undefined, timeZone: string): Date | null {
  if (!value) return null;
  // With an offset or Z it names an instant already; without, a time on the seller's clocks.
  if (/(?:Z|[+-]\d{2}:\d{2})$/i.test(value)) return new Date(value);
  return zonedTimeToInstant(value, timeZone);
}

/** Ids of `userId`'s posts among `ids` (any status: a draft link shows once it is published). */
async function ownPosts(db: DbOrTx, userId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.userId, userId), inArray(products.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** The tags `userId`'s posts use, among `wanted`. */
async function ownTags(db: DbOrTx, userId: string, wanted: string[]): Promise<Set<string>> {
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ tags: products.tags })
    .from(products)
    .where(and(eq(products.userId, userId), arrayOverlaps(products.tags, wanted)));
  const used = new Set(rows.flatMap((r) => r.tags));
  return new Set(wanted.filter((t) => used.has(t)));
}

/** Every reason the list cannot be saved as sent, each beside its field. */
function checkLinks(
  links: SiteLinkInput[],
  edges: { from: Date | null; until: Date | null }[],
  known: Set<string>,
  posts: Set<string>,
  tags: Set<string>,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  links.forEach((link, i) => {
    if (link.id && !known.has(link.id.toLowerCase()))
      issues.push({
        path: ['links', i, 'id'],
        message: 'This link is no longer in your list. Reload the page and try again.',
      });
    if (link.postId && !posts.has(link.postId.toLowerCase()))
      issues.push({ path: ['links', i, 'postId'], message: 'Choose one of your own posts.' });
    if (link.tag && !tags.has(link.tag))
      issues.push({ path: ['links', i, 'tag'], message: `None of your posts is tagged “${link.tag}”. Choose one of your tags.` });
    const { from, until } = edges[i]!;
    if (from && until && until.getTime() <= from.getTime())
      issues.push({ path: ['links', i, 'showUntil'], message: 'The link must stop showing after it starts showing.' });
  });
  return issues;
}

/**
 * PUT /sites/links: the owner's whole list, in order, replaces the stored one in one transaction.
 * A link sent with its id keeps it (and its clicks); links left out are deleted with their
 * clicks. Posts must be the owner's, tags ones their posts use; window edges without an offset are
 * read in the site's time zone. The list's length is the plan's to allow (docs/decisions/065).
 */
export async function replaceSiteLinks(
  deps: ModuleDeps,
  userId: string,
  input: SiteLinksUpdate,
): Promise<MySite> {
  const links = input.links;
  await inTransaction(deps, async (tx) => {
    const site = await lockSiteOf(tx.db, userId);
    await requirePlanAllows(
      tx,
      userId,
      `keep ${links.length} links`,
      (limits) => links.length <= limits.siteLinks,
    );
    const stored = await tx.db
      .select({ id: siteLinks.id })
      .from(siteLinks)
      .where(eq(siteLinks.siteId, site.id));
    const known = new Set(stored.map((r) => r.id));
    const edges = links.map((l) => ({
      from: edgeInstant(l.showFrom, site.timeZone),
      until: edgeInstant(l.showUntil, site.timeZone),
    }));
    const [posts, tags] = await Promise.all([
      ownPosts(tx.db, userId, links.flatMap((l) => (l.postId ? [l.postId.toLowerCase()] : []))),
      ownTags(tx.db, userId, links.flatMap((l) => (l.tag ? [l.tag] : []))),
    ]);
    const issues = checkLinks(links, edges, known, posts, tags);
    if (issues.length) throw validationError(issues[0]!.message, 'VALIDATION_ERROR', issues);

    const kept = links.flatMap((l) => (l.id ? [l.id.toLowerCase()] : []));
    await tx.db
      .delete(siteLinks)
      .where(
        kept.length
          ? and(eq(siteLinks.siteId, site.id), notInArray(siteLinks.id, kept))
          : eq(siteLinks.siteId, site.id),
      );
    if (links.length === 0) return;
    // The one-featured index is checked row by row: no kept row may still hold it meanwhile.
    await tx.db.update(siteLinks).set({ featured: false }).where(eq(siteLinks.siteId, site.id));
    const now = nowDate(deps);
    const rows = links.map((l, position) => ({
      ...(l.id ? { id: l.id.toLowerCase() } : {}),
      siteId: site.id,
      position,
      title: l.title,
      url: l.url ?? null,
      postId: l.postId?.toLowerCase() ?? null,
      tag: l.tag ?? null,
      icon: l.icon ?? null,
      enabled: l.enabled,
      featured: l.featured,
      social: l.social,
      showFrom: edges[position]!.from,
      showUntil: edges[position]!.until,
      updatedAt: now,
    }));
    const fresh = rows.filter((r) => !('id' in r));
    const existing = rows.filter((r) => 'id' in r);
    if (fresh.length) await tx.db.insert(siteLinks).values(fresh.map((r) => ({ ...r, createdAt: now })));
    for (const row of existing) {
      const { id, ...columns } = row as typeof row & { id: string };
      await tx.db.update(siteLinks).set(columns).where(and(eq(siteLinks.id, id), eq(siteLinks.siteId, site.id)));
    }
  });
  // The seller's pages (and every cached copy) show the new list.
  announceChange(deps, { kind: 'site', userIds: [userId] });
  return getMySite(deps, userId);
}
