import { and, eq, inArray } from 'drizzle-orm';
import {
  ATTRIBUTION_WINDOW_DAYS,
  type Attribution,
  type Landing,
} from '../../../shared/contracts/insights';
import { visitSource } from '../../../shared/visit-source';
import { products, siteLinks, sites } from '../../db/schema';
import { notFound, nowDate, type ModuleDeps } from '../core';
import { appendEvents } from './events';

// POST /insights/cart-adds: an item entered a cart (docs/decisions/071). The browser sends the
// page the visitor entered the seller's pages on (its query and referrer, kept in its own storage,
// never a cookie); the server decides the source from it and this request's user agent, counts
// one cart for the seller, and answers the credit the cart line carries to POST /orders.

export interface CartAddInput {
  postId: string;
  landing: Landing | null;
  /** Who adds it (null: nobody signed in): a seller's own post is neither counted nor credited. */
  viewerId: string | null;
  userAgent: string;
  host: string;
}

const WINDOW_MS = ATTRIBUTION_WINDOW_DAYS * 86_400_000;

export async function recordCartAdd(
  deps: ModuleDeps,
  input: CartAddInput,
): Promise<{ attribution: Attribution | null }> {
  const [post] = await deps.db
    .select({ id: products.id, sellerId: products.userId })
    .from(products)
    .where(and(eq(products.id, input.postId), inArray(products.status, ['published', 'sold'])))
    .limit(1);
  if (!post) throw notFound('This post could not be found.');
  if (input.viewerId === post.sellerId) return { attribution: null };
  const at = nowDate(deps);
  const landing =
    input.landing && at.getTime() - Date.parse(input.landing.at) <= WINDOW_MS ? input.landing : null;
  const source = visitSource({
    search: landing?.search ?? '',
    referrer: landing?.referrer ?? '',
    userAgent: input.userAgent,
    ownHosts: [input.host.toLowerCase()],
  });
  const linkId = landing?.linkId ? await sellersLink(deps, landing.linkId, post.sellerId) : null;
  await appendEvents(deps.db, [
    { at, sellerId: post.sellerId, kind: 'cart', source, postId: post.id, linkId },
  ]);
  return { attribution: { postId: post.id, source, linkId, at: at.toISOString() } };
}

/** The link, if it is one of the seller's. */
async function sellersLink(deps: ModuleDeps, linkId: string, sellerId: string) {
  const [row] = await deps.db
    .select({ id: siteLinks.id })
    .from(siteLinks)
    .innerJoin(sites, eq(sites.id, siteLinks.siteId))
    .where(and(eq(siteLinks.id, linkId), eq(sites.userId, sellerId)))
    .limit(1);
  return row?.id ?? null;
}
