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
  insightDailyDimensions,
  insightDailyVisitors,
  insightEvents,
  insightMonthlyDimensions,
  products,
  siteLinks,
  users,
  type InsightDimension,
} from '../../db/schema';
import { sqlRows, type ModuleDeps } from '../core';
import { addDays, daysBetween, utcDay, wholeMonths } from './days';
import { foldedThrough } from './maintain';
import { eventsOfKind, ordersOfEvents, revenueOfEvents } from './events';

// GET /insights (docs/decisions/071): every number is read from the daily tables for the days
// already folded and from the raw events for the rest (today, and any day the upkeep has not
// folded yet), summed in the database. Folded days are read from their sums by one dimension at a
// time, and a long range's whole months from their monthly sums: a year of a seller with a million
// events is ~380,000 insight_daily rows (every source × post × link seen together; summing those
// four times took most of a second) but ~70,000 day rows by post, and ~2,400 month rows by post
// plus the days at the range's two ends.

const TOP = 20;

interface Span {
  sellerId: string;
  from: string;
  to: string;
  /** The last folded day: before it (inclusive) the daily tables, after it the raw events. */
  folded: string;
}

const e = insightEvents;
/** The raw events of the span's days not folded yet. */
const unfolded = (s: Span) =>
  sql`${e.sellerId} = ${s.sellerId} and ${e.day} > ${s.folded} and ${e.day} between ${s.from} and ${s.to}`;
const rawCounts = sql`${eventsOfKind('view')} as views, ${eventsOfKind('click')} as clicks,
  ${eventsOfKind('cart')} as carts, ${ordersOfEvents} as orders, ${revenueOfEvents} as revenue`;
const foldedCounts = (t: typeof insightDailyDimensions | typeof insightMonthlyDimensions) =>
  sql`${t.views}::bigint as views, ${t.clicks}::bigint as clicks, ${t.carts}::bigint as carts, ${t.orders}::bigint as orders, ${t.revenueMinor}::bigint as revenue`;

/** The span's event counts per day (every event has a source: a day's sources add up to the day). */
function dayRows(s: Span): SQL {
  const d = insightDailyDimensions;
  return sql`(
    select ${d.day}::text as day, ${foldedCounts(d)} from ${d}
    where ${d.sellerId} = ${s.sellerId} and ${d.dimension} = 'source' and ${d.day} between ${s.from} and ${s.folded}
    union all
    select ${e.day}::text, ${rawCounts} from ${e} where ${unfolded(s)} group by 1
  ) as r`;
}

/** What a raw event is counted under in each dimension (null: not at all, e.g. a view of no post). */
const rawKey: Record<InsightDimension, SQL> = {
  source: sql`${e.source}`,
  post: sql`${e.postId}::text`,
  link: sql`${e.linkId}::text`,
};

/**
 * The span's event counts by key of one dimension (a source, a post id or a link id): the whole
 * months of its folded days from the monthly sums, their other days from the daily sums, the
 * days not folded yet from the raw events. Summed by key, they are the span's.
 */
function keyRows(s: Span, dimension: InsightDimension): SQL {
  const d = insightDailyDimensions;
  const m = insightMonthlyDimensions;
  const days = (from: string, to: string) =>
    sql`select ${d.key} as key, ${foldedCounts(d)} from ${d}
        where ${d.sellerId} = ${s.sellerId} and ${d.dimension} = ${dimension} and ${d.day} between ${from} and ${to}`;
  const months = wholeMonths(s.from, s.folded);
  const folded = months
    ? [
        days(s.from, addDays(months.first, -1)),
        sql`select ${m.key}, ${foldedCounts(m)} from ${m}
            where ${m.sellerId} = ${s.sellerId} and ${m.dimension} = ${dimension} and ${m.month} between ${months.first} and ${months.end}`,
        days(addDays(months.end, 1), s.folded),
      ]
    : [days(s.from, s.folded)];
  const key = rawKey[dimension];
  const raw = sql`select ${key}, ${rawCounts} from ${e} where ${unfolded(s)} and ${key} is not null group by 1`;
  return sql`(${sql.join([...folded, raw], sql` union all `)}) as r`;
}

/** Unique visitors per day and source (`*`: the day's own total), both halves. */
function visitorRows(s: Span): SQL {
  const v = insightDailyVisitors;
  const raw = sql`${unfolded(s)} and ${e.visitor} is not null`;
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
    sqlRows<Sums & { day: string }>(db, sql`select day, ${sums} from ${dayRows(whole)} group by day`),
    sqlRows<{ day: string; source: string; visitors: string }>(
      db,
      sql`select day, source, sum(visitors) as visitors from ${visitorRows(whole)} group by day, source`,
    ),
    sqlRows<Sums & { source: string }>(
      db,
      sql`select key as source, ${sums} from ${keyRows(span, 'source')}
          group by key order by sum(revenue) desc, sum(views) desc, key limit 100`,
    ),
    sqlRows<Sums & { id: string }>(
      db,
      sql`select key as id, ${sums} from ${keyRows(span, 'post')}
          group by key order by sum(revenue) desc, sum(orders) desc, sum(views) desc, key limit ${TOP}`,
    ),
    sqlRows<Sums & { id: string }>(
      db,
      sql`select key as id, ${sums} from ${keyRows(span, 'link')}
          group by key order by sum(revenue) desc, sum(orders) desc, sum(clicks) desc, key limit ${TOP}`,
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
