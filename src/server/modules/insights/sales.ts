import { eq, inArray } from 'drizzle-orm';
import type { Attribution } from '../../../shared/contracts/insights';
import { ATTRIBUTION_WINDOW_DAYS } from '../../../shared/contracts/insights';
import { DIRECT_SOURCE } from '../../../shared/visit-source';
import { siteLinks, sites } from '../../db/schema';
import { nowDate, type ModuleDeps } from '../core';
import { appendEvents } from './events';

// Sales in insights (docs/decisions/071): each seller's part of an order is credited to the
// source, post and link its cart line carried (the newest line of that seller's, within 7 days
// of the order); orders placed, paid and taken back are events of that seller.

/** What one seller's part of an order is credited to. */
export interface Credit {
  source: string;
  postId: string | null;
  linkId: string | null;
}

const WINDOW_MS = ATTRIBUTION_WINDOW_DAYS * 86_400_000;

/**
 * The credit of each seller's part: of the attributions naming one of that part's posts, the one
 * whose item entered the cart last, if within the window; a link only if it is that seller's.
 * Without one, the part is credited to `direct` and no post.
 */
export async function creditParts(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  parts: ReadonlyArray<{ sellerId: string; postIds: readonly string[] }>,
  attribution: readonly Attribution[],
): Promise<Map<string, Credit>> {
  const now = deps.now();
  const recent = attribution
    .filter((a) => {
      const at = Date.parse(a.at);
      return at <= now + 60_000 && now - at <= WINDOW_MS;
    })
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  const linkIds = [...new Set(recent.flatMap((a) => (a.linkId ? [a.linkId] : [])))];
  const linkOwners = linkIds.length
    ? await deps.db
        .select({ id: siteLinks.id, ownerId: sites.userId })
        .from(siteLinks)
        .innerJoin(sites, eq(sites.id, siteLinks.siteId))
        .where(inArray(siteLinks.id, linkIds))
    : [];
  const credits = new Map<string, Credit>();
  for (const part of parts) {
    const line = recent.find((a) => part.postIds.includes(a.postId));
    const linkOwner = line?.linkId ? linkOwners.find((l) => l.id === line.linkId)?.ownerId : null;
    credits.set(part.sellerId, {
      source: line?.source ?? DIRECT_SOURCE,
      postId: line?.postId ?? null,
      linkId: line && linkOwner === part.sellerId ? line.linkId : null,
    });
  }
  return credits;
}

/** A seller's part as the sale events read it (commerce's transactions row). */
export interface CreditedPart {
  sellerId: string | null;
  totalMinor: number;
  source: string | null;
  sourcePostId: string | null;
  sourceLinkId: string | null;
  /** A refund of part of it (a return request, ADR 074): only this is taken back. */
  refundMinor?: number;
}

/** A refund of less than the part's total: the order still counts, its amount goes down. */
const isPartial = (p: CreditedPart) => p.refundMinor !== undefined && p.refundMinor < p.totalMinor;

/**
 * Records what happened to these parts, in the caller's transaction: `checkout` (the order was
 * placed), `order` (paid: +1 order and its total) or `refund` (a paid part cancelled or fully
 * refunded: −1 order, its total taken back; a partial refund: its amount only).
 */
export async function recordSaleEvents(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  kind: 'checkout' | 'order' | 'refund',
  parts: readonly CreditedPart[],
): Promise<void> {
  const at = nowDate(deps);
  await appendEvents(
    deps.db,
    parts.flatMap((p) =>
      p.sellerId
        ? [
            {
              at,
              sellerId: p.sellerId,
              kind,
              source: p.source ?? DIRECT_SOURCE,
              postId: p.sourcePostId,
              linkId: p.sourceLinkId,
              orders: kind === 'order' ? 1 : kind === 'refund' && !isPartial(p) ? -1 : 0,
              amountMinor:
                kind === 'order'
                  ? p.totalMinor
                  : kind === 'refund'
                    ? -(p.refundMinor ?? p.totalMinor)
                    : 0,
            },
          ]
        : [],
    ),
  );
}

/** Stripe's metadata values hold at most 500 characters: the credits, as many as fit. */
export function creditMetadata(parts: readonly (CreditedPart & { sellerUsername: string })[]) {
  const entries: string[] = [];
  for (const p of parts) {
    const entry = [p.sellerUsername, p.source ?? DIRECT_SOURCE, p.sourcePostId ?? '', p.sourceLinkId ?? ''].join(':');
    if ([...entries, entry].join(' ').length > 500) break;
    entries.push(entry);
  }
  return entries.join(' ');
}

