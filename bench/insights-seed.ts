/**
 * A year of one seller's insights on PostgreSQL, as the product would hold it after a year: the
 * last 90 days raw in their day partitions, every finished day folded into the daily and monthly
 * sums, older raw days dropped — done by the module's own upkeep (ensurePartition,
 * foldFinishedDays, dropOldEvents) over events inserted in bulk SQL (generate_series).
 *
 * The mix is a shop's: most events are views (each from one of ~1,500 visitors a day), then link
 * clicks, carts, checkouts and orders, from eight sources, over the seller's posts and links.
 */
import pg from 'pg';
import { openPostgres } from '../src/server/db/postgres';
import { silentLog } from '../src/server/modules/core';
import {
  addDays,
  dropOldEvents,
  ensurePartition,
  foldFinishedDays,
  utcDay,
} from '../src/server/modules/insights';
import { RAW_EVENT_DAYS } from '../src/shared/contracts/insights';

const SOURCES = ['instagram', 'ig', 'tiktok', 'direct', 'google', 'pinterest', 'newsletter', 'youtube'];

export interface InsightsSeed {
  events: number;
  seconds: { insert: number; fold: number };
}

export async function seedYearOfInsights(url: string, username: string, events: number): Promise<InsightsSeed> {
  const database = await openPostgres(url);
  const deps = { db: database.db, now: Date.now, log: silentLog };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const today = utcDay(Date.now());
    // The day partitions the hourly upkeep would have made (the older days go to the default one).
    for (let d = -RAW_EVENT_DAYS - 1; d <= 1; d++) await ensurePartition(deps, addDays(today, d));
    const started = performance.now();
    await client.query(
      `with seller as (select u.id,
          (select array_agg(p.id) from products p where p.user_id = u.id) as posts,
          (select array_agg(l.id) from site_links l join sites s on s.id = l.site_id where s.user_id = u.id) as links
        from users u where u.username = $1),
      e as (select i, (current_date - (i % 365))::date as day, random() as r, random() as r2, random() as r3
        from generate_series(1, $2::int) i)
      insert into insight_events (day, at, seller_id, kind, source, post_id, link_id, visitor, orders, amount_minor)
      select e.day, least(now(), e.day + (e.r3 * interval '1 day')), seller.id,
        k.kind, ($3::text[])[1 + floor(e.r2 * 8)::int],
        case when k.kind <> 'click' and e.r2 < 0.7 then seller.posts[1 + floor(e.r3 * cardinality(seller.posts))::int] end,
        case when k.kind = 'click' or e.r2 < 0.2 then seller.links[1 + floor(e.r3 * cardinality(seller.links))::int] end,
        case when k.kind = 'view' then md5((e.i % 1500)::text || e.day::text) end,
        case when k.kind = 'order' then 1 else 0 end,
        case when k.kind = 'order' then 1000 + floor(e.r3 * 9000)::int else 0 end
      from e cross join seller
      cross join lateral (select case when e.r < 0.80 then 'view' when e.r < 0.92 then 'click'
        when e.r < 0.97 then 'cart' when e.r < 0.985 then 'checkout' else 'order' end as kind) k`,
      [username, events, SOURCES],
    );
    const inserted = performance.now();
    // Fold the whole year (the demo's own days again too) as the hourly job did, day by day.
    await client.query(`update insight_rollups set folded_through = $1`, [addDays(today, -366)]);
    await foldFinishedDays(deps);
    await dropOldEvents(deps);
    await client.query('analyze');
    return {
      events,
      seconds: { insert: (inserted - started) / 1000, fold: (performance.now() - inserted) / 1000 },
    };
  } finally {
    await client.end();
    await database.close();
  }
}
