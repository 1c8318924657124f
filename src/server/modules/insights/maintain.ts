import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { RAW_EVENT_DAYS } from '../../../shared/contracts/insights';
import {
  EMPTY_ID,
  insightDaily,
  insightDailyDimensions,
  insightDailyVisitors,
  insightEvents,
  insightMonthlyDimensions,
  insightRollups,
} from '../../db/schema';
import { defineJob, enqueueJob, inTransaction, sqlRows, type ModuleDeps } from '../core';
import { addDays, monthStart, utcDay } from './days';
import { forgetOldSalts } from './visitor-hash';
import { eventsOfKind, ordersOfEvents, revenueOfEvents } from './events';

// The insights upkeep (docs/decisions/071), one job every hour on the hour across all instances:
// forget the salts of days before yesterday (a salt lives at most 48 hours), make the day
// partitions of the raw events ahead, fold each finished day into the daily tables, and drop the
// raw days older than 90 that are folded.

export const maintainInsightsJob = defineJob('insights.maintain', z.object({}), maintainInsights);

const HOUR_MS = 3_600_000;
/** A day is folded this long after it ends: the last second's views are written by then. */
const FOLD_AFTER_MS = 10 * 60_000;
const hourKey = (ms: number) => `${maintainInsightsJob.name}:${new Date(ms).toISOString().slice(0, 13)}`;

/** Queues this hour's upkeep unless one was queued in the last two hours (each run queues the next). */
export function scheduleInsightsUpkeep(deps: Pick<ModuleDeps, 'db' | 'now' | 'requestId'>) {
  return enqueueJob(deps, maintainInsightsJob, {}, {
    dedupeKey: hourKey(deps.now()),
    quietPeriodMs: 2 * HOUR_MS,
  });
}

export async function maintainInsights(deps: ModuleDeps): Promise<void> {
  await forgetOldSalts(deps);
  const today = utcDay(deps.now());
  for (let d = -1; d <= 3; d++) await ensurePartition(deps, addDays(today, d));
  await foldFinishedDays(deps);
  await dropOldEvents(deps);
  const next = (Math.floor(deps.now() / HOUR_MS) + 1) * HOUR_MS;
  await enqueueJob(deps, maintainInsightsJob, {}, { runAt: new Date(next), dedupeKey: hourKey(next) });
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const partitionName = (day: string) => `insight_events_${day.replaceAll('-', '')}`;

/**
 * The partition of one day. Events of a day without one went to the default partition: they
 * are moved into the new one in the same transaction, so none is lost or counted twice.
 */
export async function ensurePartition(deps: Pick<ModuleDeps, 'db'>, day: string): Promise<void> {
  if (!DAY_RE.test(day)) throw new RangeError(`not a day: ${day}`);
  const name = partitionName(day);
  const exists = await sqlRows(deps.db, sql`select 1 from pg_class where relname = ${name}`);
  if (exists.length) return;
  const range = sql.raw(`for values from ('${day}') to ('${addDays(day, 1)}')`);
  const table = sql.identifier(name);
  await inTransaction(deps, async (tx) => {
    // Serialises two upkeeps (two instances right after a deploy) on the parent table.
    await tx.db.execute(sql`lock table ${insightEvents} in share row exclusive mode`);
    const again = await sqlRows(tx.db, sql`select 1 from pg_class where relname = ${name}`);
    if (again.length) return;
    const stray = await sqlRows(
      tx.db,
      sql`select 1 from insight_events_default where day = ${day} limit 1`,
    );
    if (!stray.length) {
      await tx.db.execute(sql`create table ${table} partition of ${insightEvents} ${range}`);
      return;
    }
    await tx.db.execute(sql`create table ${table} (like ${insightEvents} including defaults)`);
    await tx.db.execute(
      sql`with moved as (delete from insight_events_default where day = ${day} returning *)
          insert into ${table} select * from moved`,
    );
    await tx.db.execute(sql`alter table ${insightEvents} attach partition ${table} ${range}`);
  });
}

/** The last day folded into the daily tables (null: none yet). */
export async function foldedThrough(deps: Pick<ModuleDeps, 'db'>): Promise<string | null> {
  const [row] = await deps.db.select().from(insightRollups).limit(1);
  return row?.foldedThrough ?? null;
}

/** Folds every day that ended (with its grace) and is not folded yet, oldest first. */
export async function foldFinishedDays(deps: Pick<ModuleDeps, 'db' | 'now'>): Promise<number> {
  const lastFinished = utcDay(deps.now() - FOLD_AFTER_MS - 86_400_000);
  let folded = await foldedThrough(deps);
  if (!folded) {
    const [first] = await sqlRows<{ day: string | null }>(
      deps.db,
      sql`select min(day)::text as day from ${insightEvents}`,
    );
    const firstDay = first?.day;
    folded = firstDay ? addDays(firstDay, -1) : lastFinished;
    if (!firstDay) await setFolded(deps, folded);
  }
  let count = 0;
  for (let day = addDays(folded, 1); day <= lastFinished; day = addDays(day, 1)) {
    await foldDay(deps, day);
    count++;
  }
  return count;
}

const setFolded = (deps: Pick<ModuleDeps, 'db' | 'now'>, day: string) =>
  deps.db
    .update(insightRollups)
    .set({ foldedThrough: day, updatedAt: new Date(deps.now()) })
    .where(sql`${insightRollups.id} = 1`);

/** One day's events into the daily tables (and their sums by dimension), replacing what a repeat left, in one transaction. */
async function foldDay(deps: Pick<ModuleDeps, 'db' | 'now'>, day: string): Promise<void> {
  const e = insightEvents;
  const none = sql`${EMPTY_ID}::uuid`;
  await inTransaction(deps, async (tx) => {
    await tx.db.delete(insightDaily).where(sql`${insightDaily.day} = ${day}`);
    await tx.db.delete(insightDailyVisitors).where(sql`${insightDailyVisitors.day} = ${day}`);
    await tx.db.delete(insightDailyDimensions).where(sql`${insightDailyDimensions.day} = ${day}`);
    await tx.db.execute(sql`
      insert into ${insightDaily} (seller_id, day, source, post_id, link_id, views, clicks, carts, checkouts, orders, revenue_minor)
      select ${e.sellerId}, ${e.day}, ${e.source}, coalesce(${e.postId}, ${none}), coalesce(${e.linkId}, ${none}),
        ${eventsOfKind('view')}, ${eventsOfKind('click')}, ${eventsOfKind('cart')}, ${eventsOfKind('checkout')},
        ${ordersOfEvents}, ${revenueOfEvents}
      from ${e} where ${e.day} = ${day}
      group by 1, 2, 3, 4, 5`);
    // The same rows summed by source, by post and by link: what GET /insights reads (read.ts).
    const d = insightDaily;
    await tx.db.execute(sql`
      insert into ${insightDailyDimensions} (seller_id, day, dimension, key, views, clicks, carts, orders, revenue_minor)
      select ${d.sellerId}, ${d.day},
        case when grouping(${d.source}) = 0 then 'source' when grouping(${d.postId}) = 0 then 'post' else 'link' end,
        coalesce(${d.source}, ${d.postId}::text, ${d.linkId}::text),
        sum(${d.views}), sum(${d.clicks}), sum(${d.carts}), sum(${d.orders}), sum(${d.revenueMinor})
      from ${d} where ${d.day} = ${day}
      group by ${d.sellerId}, ${d.day}, grouping sets ((${d.source}), (${d.postId}), (${d.linkId}))
      having (grouping(${d.postId}) = 1 or ${d.postId} <> ${none}) and (grouping(${d.linkId}) = 1 or ${d.linkId} <> ${none})`);
    await tx.db.execute(sql`
      insert into ${insightDailyVisitors} (seller_id, day, source, visitors)
      select ${e.sellerId}, ${e.day}, ${e.source}, count(distinct ${e.visitor})
        from ${e} where ${e.day} = ${day} and ${e.visitor} is not null group by 1, 2, 3
      union all
      select ${e.sellerId}, ${e.day}, '*', count(distinct ${e.visitor})
        from ${e} where ${e.day} = ${day} and ${e.visitor} is not null group by 1, 2`);
    // A month is summed when its last day is folded (a repeat of one of its days repeats that too).
    if (monthStart(addDays(day, 1)) !== monthStart(day)) await foldMonth(tx, day);
    await setFolded(tx, day);
  });
}

/** The month ending on `lastDay`: its days' sums by dimension, summed (what long ranges read). */
async function foldMonth(deps: Pick<ModuleDeps, 'db'>, lastDay: string): Promise<void> {
  const month = monthStart(lastDay);
  const d = insightDailyDimensions;
  const m = insightMonthlyDimensions;
  await deps.db.delete(m).where(sql`${m.month} = ${month}`);
  await deps.db.execute(sql`
    insert into ${m} (seller_id, dimension, month, key, views, clicks, carts, orders, revenue_minor)
    select ${d.sellerId}, ${d.dimension}, ${month}::date, ${d.key},
      sum(${d.views}), sum(${d.clicks}), sum(${d.carts}), sum(${d.orders}), sum(${d.revenueMinor})
    from ${d} where ${d.day} between ${month} and ${lastDay}
    group by ${d.sellerId}, ${d.dimension}, ${d.key}`);
}

/** Drops the raw days older than the kept 90 that are folded (whole partitions, and strays). */
export async function dropOldEvents(deps: Pick<ModuleDeps, 'db' | 'now'>): Promise<number> {
  const folded = await foldedThrough(deps);
  if (!folded) return 0;
  const cutoff = addDays(utcDay(deps.now()), -RAW_EVENT_DAYS);
  const keepFrom = folded < cutoff ? addDays(folded, 1) : cutoff;
  const parts = await sqlRows<{ name: string }>(
    deps.db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'insight_events'::regclass`,
  );
  let dropped = 0;
  for (const { name } of parts) {
    const m = /^insight_events_(\d{4})(\d{2})(\d{2})$/.exec(name);
    if (!m || `${m[1]}-${m[2]}-${m[3]}` >= keepFrom) continue;
    await deps.db.execute(sql`drop table if exists ${sql.identifier(name)}`);
    dropped++;
  }
  await deps.db.execute(sql`delete from insight_events_default where day < ${keepFrom}`);
  return dropped;
}
