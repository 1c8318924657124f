import { and, eq } from 'drizzle-orm';
import { insightEvents, products, siteLinks, sites, type UserRow } from '../db/schema';
import type { ModuleDeps } from '../modules/core';
import { addDays, utcDay } from '../modules/insights';

// Four weeks of believable insights for the demo sellers (issue 26): views with a weekly rhythm
// from each seller's usual sources, fewer clicks, carts and orders, revenue from their own posts.
// Written as raw events, as the recorder writes them; the hourly upkeep folds the finished days.

const DAYS = 28;

/** Where each seller's visitors come from, by weight (the bio links carry `?src=`). */
const SOURCES: Record<string, ReadonlyArray<readonly [string, number]>> = {
  maya: [['instagram', 30], ['ig', 20], ['tiktok', 15], ['direct', 15], ['google', 10], ['pinterest', 5], ['newsletter', 5]],
  leo: [['youtube', 30], ['google', 20], ['direct', 20], ['yt', 15], ['reddit', 10], ['x', 5]],
};

/** A small deterministic generator: the same demo every time. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function pick<T>(rand: () => number, weighted: ReadonlyArray<readonly [T, number]>): T {
  const total = weighted.reduce((s, [, w]) => s + w, 0);
  let r = rand() * total;
  for (const [value, weight] of weighted) if ((r -= weight) < 0) return value;
  return weighted[0]![0];
}

export async function seedDemoInsights(deps: ModuleDeps, sellers: Map<string, UserRow>): Promise<void> {
  const today = utcDay(deps.now());
  for (const [name, weights] of Object.entries(SOURCES)) {
    const seller = sellers.get(name);
    if (!seller) continue;
    const rand = random(name.length * 7919);
    const posts = await deps.db
      .select({ id: products.id, priceMinor: products.priceMinor, shippingMinor: products.shippingMinor })
      .from(products)
      .where(and(eq(products.userId, seller.id), eq(products.status, 'published')));
    const links = await deps.db
      .select({ id: siteLinks.id })
      .from(siteLinks)
      .innerJoin(sites, eq(sites.id, siteLinks.siteId))
      .where(and(eq(sites.userId, seller.id), eq(siteLinks.enabled, true)));
    if (!posts.length) continue;
    const rows: (typeof insightEvents.$inferInsert)[] = [];
    for (let back = DAYS; back >= 1; back--) {
      const day = addDays(today, -back);
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      const views = Math.round((weekday === 0 || weekday === 6 ? 70 : 45) * (0.8 + rand() * 0.5) * (1 + (DAYS - back) / 60));
      const visitors = Array.from({ length: Math.ceil(views * 0.7) }, (_, i) => `demo-${name}-${day}-${i}`);
      for (let i = 0; i < views; i++) {
        const at = new Date(`${day}T${String(8 + Math.floor(rand() * 14)).padStart(2, '0')}:${String(Math.floor(rand() * 60)).padStart(2, '0')}:00Z`);
        const source = pick(rand, weights);
        const post = rand() < 0.55 ? posts[Math.floor(rand() * posts.length)]! : null;
        const base = { day, at, sellerId: seller.id, source };
        rows.push({ ...base, kind: 'view', postId: post?.id ?? null, visitor: visitors[i % visitors.length]! });
        if (links.length && rand() < 0.12) rows.push({ ...base, kind: 'click', linkId: links[Math.floor(rand() * links.length)]!.id });
        if (post && rand() < 0.06) {
          rows.push({ ...base, kind: 'cart', postId: post.id });
          if (rand() < 0.45) {
            const total = Math.round((post.priceMinor + post.shippingMinor) * 1.1);
            rows.push({ ...base, kind: 'checkout', postId: post.id });
            rows.push({ ...base, kind: 'order', postId: post.id, orders: 1, amountMinor: total });
          }
        }
      }
    }
    for (let i = 0; i < rows.length; i += 1000) await deps.db.insert(insightEvents).values(rows.slice(i, i + 1000));
  }
}
