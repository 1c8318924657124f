import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  INSIGHT_RANGE_DAYS,
  type InsightRange,
  type InsightsResponse,
  type InsightTotals,
} from '../../../shared/contracts/insights';
import { toMajor } from '../../../shared/money';
import { postPath } from '../../../shared/post-path';
import {
  EMPTY_ID,
  insightDaily,
  insightDailyVisitors,
  insightEvents,
  products,
  siteLinks,
  users,
} from '../../db/schema';
import type { ModuleDeps } from '../core';
import { addDays, daysBetween, utcDay } from './days';
import { foldedThrough } from './maintain';
import { sqlRows } from './sql-rows';

// GET /insights (docs/decisions/071): every number is read from the daily tables for the days
// already folded and from the raw events for the rest (today, and any day the upkeep has not
// folded yet), summed in the database; a year of a busy seller is a few thousand daily rows.

const TOP = 20;
const none = sql`${EMPTY_ID}::uuid`;

interface Span {
  sellerId: string;
  from: string;
  to: string;
  /** The last folded day: before it (inclusive) the daily tables, after it the raw events. */
  folded: string;
}

/** Every event count of the span, one row per day × source × post × link (both halves). */
function spanRows(s: Span): SQL {
  const d = insightDaily;
  const e = insightEvents;
  return sql`(
    select ${d.day}::text as day, ${d.source} as source, ${d.postId} as post_id, ${d.linkId} as link_id,
      ${d.views}::bigint as views, ${d.clicks}::bigint as clicks, ${d.carts}::bigint as carts,
      ${d.orders}::bigint as orders, ${d.revenueMinor}::bigint as revenue
    from ${d} where ${d.sellerId} = ${s.sellerId} and ${d.day} between ${s.from} and ${s.folded}
    union all
    select ${e.day}::text, ${e.source}, coalesce(${e.postId}, ${none}), coalesce(${e.linkId}, ${none}),
      count(*) filter (where ${e.kind} = 'view'), count(*) filter (where ${e.kind} = 'click'),
      count(*) filter (where ${e.kind} = 'cart'), coalesce(sum(${e.orders}), 0), coalesce(sum(${e.amountMinor}), 0)
    from ${e} where ${e.sellerId} = ${s.sellerId} and ${e.day} > ${s.folded} and ${e.day} between ${s.from} and ${s.to}
    group by 1, 2, 3, 4
  ) as r`;
}

/** Unique visitors per day and source (`*`: the day's own total), both halves. */
function visitorRows(s: Span): SQL {
  const v = insightDailyVisitors;
  const e = insightEvents;
  const raw = sql`${e.sellerId} = ${s.sellerId} and ${e.day} > ${s.folded} and ${e.day} between ${s.from} and ${s.to} and ${e.visitor} is not null`;
  return sql`(
    select ${v.day}::text as day, ${v.source} as source, ${v.visitors}::bigint as visitors
    from ${v} where ${v.sellerId} = ${s.sellerId} and ${v.day} between ${s.from} and ${s.folded}
    union all
    select ${e.day}::text, ${e.source}, count(distinct ${e.visitor}) from ${e} where ${raw} group by 1, 2
    union all
    select ${e.day}::text, '*', count(distinct ${e.visitor}) from ${e} where ${raw} group by 1
  ) as v`;
}

type Sums = { views: string; clicks: string; carts: string; orders: string; revenue: string };
const sums = sql`sum(views) as views, sum(clicks) as clicks, sum(carts) as carts, sum(orders) as orders, sum(revenue) as revenue`;
const n = (v: string | number | null | undefined) => Number(v ?? 0);
const money = (v: string | number | null | undefined) => toMajor(n(v));

const emptyTotals = (): InsightTotals => ({ views: 0, visitors: 0, clicks: 0, carts: 0, orders: 0, revenue: 0 });

export async function readInsights(
  deps: Pick<ModuleDeps, 'db' | 'now' | 'env'>,
  sellerId: string,
  range: InsightRange,
): Promise<InsightsResponse> {
  const days = INSIGHT_RANGE_DAYS[range];
  const to = utcDay(deps.now());
  const from = addDays(to, -(days - 1));
  const prevFrom = addDays(from, -days);
  const folded = (await foldedThrough(deps)) ?? addDays(prevFrom, -1);
  const whole: Span = { sellerId, from: prevFrom, to, folded };
  const span: Span = { ...whole, from };
  const db = deps.db;

  const [byDay, visitorsByDaySource, bySource, byPost, byLink] = await Promise.all([
    sqlRows<Sums & { day: string }>(db, sql`select day, ${sums} from ${spanRows(whole)} group by day`),
    sqlRows<{ day: string; source: string; visitors: string }>(
      db,
      sql`select day, source, sum(visitors) as visitors from ${visitorRows(whole)} group by day, source`,
    ),
    sqlRows<Sums & { source: string }>(
      db,
      sql`select source, ${sums} from ${spanRows(span)} group by source order by sum(revenue) desc, sum(views) desc, source limit 100`,
    ),
    sqlRows<Sums & { id: string }>(
      db,
      sql`select post_id as id, ${sums} from ${spanRows(span)} where post_id <> ${none}
          group by post_id order by sum(revenue) desc, sum(orders) desc, sum(views) desc limit ${TOP}`,
    ),
    sqlRows<Sums & { id: string }>(
      db,
      sql`select link_id as id, ${sums} from ${spanRows(span)} where link_id <> ${none}
          group by link_id order by sum(revenue) desc, sum(orders) desc, sum(clicks) desc limit ${TOP}`,
    ),
  ]);
  const [posts, links] = await Promise.all([postTitles(deps, byPost.map((p) => p.id)), linkTitles(deps, byLink.map((l) => l.id))]);

  const totals = emptyTotals();
  const previous = emptyTotals();
  const daily = new Map(daysBetween(from, to).map((day) => [day, { day, views: 0, visitors: 0, orders: 0, revenue: 0 }]));
  for (const row of byDay) {
    const into = row.day >= from ? totals : previous;
    into.views += n(row.views);
    into.clicks += n(row.clicks);
    into.carts += n(row.carts);
    into.orders += n(row.orders);
    into.revenue += n(row.revenue);
    const day = daily.get(row.day);
    if (day) Object.assign(day, { views: n(row.views), orders: n(row.orders), revenue: money(row.revenue) });
  }
  totals.revenue = toMajor(totals.revenue);
  previous.revenue = toMajor(previous.revenue);
  const sourceVisitors = new Map<string, number>();
  for (const row of visitorsByDaySource) {
    const visitors = n(row.visitors);
    if (row.source === '*') {
      (row.day >= from ? totals : previous).visitors += visitors;
      const day = daily.get(row.day);
      if (day) day.visitors = visitors;
    } else if (row.day >= from) sourceVisitors.set(row.source, (sourceVisitors.get(row.source) ?? 0) + visitors);
  }
  return {
    range,
    from,
    to,
    currency: deps.env.CURRENCY,
    totals,
    previous,
    bySource: bySource.map((r) => ({
      source: r.source,
      views: n(r.views),
      visitors: sourceVisitors.get(r.source) ?? 0,
      clicks: n(r.clicks),
      carts: n(r.carts),
      orders: n(r.orders),
      revenue: money(r.revenue),
    })),
    byPost: byPost.map((r) => ({
      postId: r.id,
      title: posts.get(r.id)?.title ?? null,
      path: posts.get(r.id)?.path ?? null,
      views: n(r.views),
      carts: n(r.carts),
      orders: n(r.orders),
      revenue: money(r.revenue),
    })),
    byLink: byLink.map((r) => ({
      linkId: r.id,
      title: links.get(r.id) ?? null,
      clicks: n(r.clicks),
      orders: n(r.orders),
      revenue: money(r.revenue),
    })),
    daily: [...daily.values()],
  };
}

/** The posts' titles, and their page while they are public. */
async function postTitles(deps: Pick<ModuleDeps, 'db'>, ids: string[]) {
  if (!ids.length) return new Map<string, { title: string; path: string | null }>();
  const rows = await deps.db
    .select({ id: products.id, title: products.title, shortId: products.shortId, status: products.status, username: users.username })
    .from(products)
    .innerJoin(users, eq(users.id, products.userId))
    .where(inArray(products.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        title: r.title,
        path: (r.status === 'published' || r.status === 'sold') && r.shortId ? postPath(r.username, { title: r.title, shortId: r.shortId }) : null,
      },
    ]),
  );
}

async function linkTitles(deps: Pick<ModuleDeps, 'db'>, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await deps.db
    .select({ id: siteLinks.id, title: siteLinks.title })
    .from(siteLinks)
    .where(and(inArray(siteLinks.id, ids)));
  return new Map(rows.map((r) => [r.id, r.title]));
}
