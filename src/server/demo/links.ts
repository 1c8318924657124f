import { and, asc, desc, eq } from 'drizzle-orm';
import { siteLinksUpdateRequest, type SiteLinksUpdate } from '../../shared/contracts/site-links';
import { addDays, zonedDay } from '../../shared/time-zone';
import { products, siteLinkClicks, siteLinks, sites, type UserRow } from '../db/schema';
import type { ModuleDeps } from '../modules/core';
import { replaceSiteLinks } from '../modules/sites';

type DemoSeller = 'maya' | 'leo';

const DAY_MS = 24 * 3600_000;

/**
 * The demo sellers' links (issue 25), as each would save them on /edit-page: social icons, a
 * featured link, one scheduled to start later, one turned off. `postId` stands for the seller's
 * newest post. Written in the seed's own request shape so the contract checks them.
 */
export function demoLinks(
  seller: DemoSeller,
  now: number,
  newestPostId: string,
): SiteLinksUpdate['links'] {
  const later = (days: number) => new Date(now + days * DAY_MS).toISOString();
  const links: Record<DemoSeller, unknown[]> = {
    maya: [
      { title: 'Instagram', url: 'https://www.instagram.com/mayachenceramics', social: true },
      { title: 'TikTok', url: 'https://www.tiktok.com/@mayachenceramics', social: true },
      { title: 'This week’s mug', postId: newestPostId, featured: true },
      { title: 'Everything for the kitchen', tag: 'kitchen' },
      { title: 'Holiday market: find me at stall 12', url: 'https://example.com/holiday-market', showFrom: later(10), showUntil: later(12) },
      { title: 'Summer studio sale', url: 'https://example.com/summer-sale', enabled: false },
    ],
    leo: [
      { title: 'YouTube: restorations', url: 'https://www.youtube.com/@leosretrohardware', social: true },
      { title: 'Email me about a part', url: 'mailto:leo@demo.storefront.test', social: true },
      { title: 'Retro computing corner', tag: 'retro-computing', featured: true },
      { title: 'Latest find', postId: newestPostId },
      { title: 'Live repair stream', url: 'https://www.twitch.tv/leosretrohardware', showFrom: later(3) },
      { title: 'Old parts price list', url: 'https://example.com/parts-2023', enabled: false },
    ],
  };
  return siteLinksUpdateRequest.parse({ links: links[seller] }).links;
}

/** Clicks of the last 30 days on the live links: a few a day, more on the featured one. */
async function seedClicks(deps: ModuleDeps, siteId: string, timeZone: string) {
  const rows = await deps.db
    .select({ id: siteLinks.id, featured: siteLinks.featured })
    .from(siteLinks)
    .where(and(eq(siteLinks.siteId, siteId), eq(siteLinks.enabled, true)))
    .orderBy(asc(siteLinks.position));
  const today = zonedDay(new Date(deps.now()), timeZone);
  const values = rows.slice(0, 4).flatMap((link, n) =>
    Array.from({ length: 30 }, (_, back) => ({
      linkId: link.id,
      day: addDays(today, -back),
      count: ((back * 7 + n * 3) % 5) + (link.featured ? 4 : 1),
    })),
  );
  if (values.length) await deps.db.insert(siteLinkClicks).values(values);
}

/** Gives maya and leo their links through the same use-case as PUT /sites/links, then clicks. */
export async function seedDemoLinks(deps: ModuleDeps, sellers: Map<string, UserRow>): Promise<void> {
  for (const name of ['maya', 'leo'] as const) {
    const seller = sellers.get(name);
    if (!seller) throw new Error(`demo seller ${name} is missing`);
    const [post] = await deps.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.userId, seller.id), eq(products.status, 'published')))
      .orderBy(desc(products.createdAt))
      .limit(1);
    if (!post) throw new Error(`demo seller ${name} has no post`);
    await replaceSiteLinks(deps, seller.id, { links: demoLinks(name, deps.now(), post.id) });
    const [site] = await deps.db
      .select({ id: sites.id, timeZone: sites.timeZone })
      .from(sites)
      .where(eq(sites.userId, seller.id));
    await seedClicks(deps, site!.id, site!.timeZone);
  }
}
