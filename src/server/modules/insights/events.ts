import { sql } from 'drizzle-orm';
import { insightEvents, type InsightEventRow } from '../../db/schema';
import type { DbOrTx } from '../core';
import { dayNumber, utcDay } from './days';

// Writing raw events (docs/decisions/071): append-only rows, one insert per batch.
//
// Identical events of one batch (the same visitor reloading, a burst of views of one page) are one
// row with `times` set: on the embedded database every row written is work done on the thread that
// answers the pages (issue 26 measured 500 rows at ~80 ms through a VALUES list), so a busy page
// must not cost a row per view. The batch goes as one JSON parameter, whatever its size: a
// statement of thousands of parameters costs more to build and parse than its rows to insert.

export type InsightEvent = Omit<InsightEventRow, 'day' | 'at' | 'times'> & {
  at: Date;
  /** How many identical events this one stands for (1 unless said). */
  times?: number;
};

type Grouped = {
  day: string;
  at: string;
  seller_id: string;
  kind: string;
  source: string;
  post_id: string | null;
  link_id: string | null;
  visitor: string | null;
  orders: number;
  amount_minor: number;
  times: number;
};

/** The events as rows: one per distinct event of a UTC day, counted in `times`. */
export function groupEvents(events: readonly InsightEvent[]): Grouped[] {
  const rows = new Map<string, Grouped>();
  // A batch spans a second or so: its days are worked out once, not once per event.
  const days = new Map<number, string>();
  for (const e of events) {
    const ms = e.at.getTime();
    const n = dayNumber(ms);
    let day = days.get(n);
    if (day === undefined) days.set(n, (day = utcDay(ms)));
    const key = `${day}\n${e.sellerId}\n${e.kind}\n${e.source}\n${e.postId ?? null}\n${e.linkId ?? null}\n${e.visitor ?? null}\n${e.orders ?? 0}\n${e.amountMinor ?? 0}`;
    const same = rows.get(key);
    if (same) {
      same.times += e.times ?? 1;
      continue;
    }
    rows.set(key, {
      day,
      at: e.at.toISOString(),
      seller_id: e.sellerId,
      kind: e.kind,
      source: e.source,
      post_id: e.postId ?? null,
      link_id: e.linkId ?? null,
      visitor: e.visitor ?? null,
      orders: e.orders ?? 0,
      amount_minor: e.amountMinor ?? 0,
      times: e.times ?? 1,
    });
  }
  return [...rows.values()];
}

/** Appends events (their UTC day set from their time): one statement whatever their number. */
export async function appendEvents(db: DbOrTx, events: readonly InsightEvent[]): Promise<void> {
  if (!events.length) return;
  const rows = JSON.stringify(groupEvents(events));
  await db.execute(sql`
    insert into ${insightEvents} (day, at, seller_id, kind, source, post_id, link_id, visitor, orders, amount_minor, times)
    select r.day, r.at, r.seller_id, r.kind, r.source, r.post_id, r.link_id, r.visitor, r.orders, r.amount_minor, r.times
    from json_to_recordset(${rows}::json) as r(day date, at timestamptz, seller_id uuid, kind text, source text,
      post_id uuid, link_id uuid, visitor text, orders smallint, amount_minor integer, times integer)`);
}

const e = insightEvents;
/** How many events of one kind some rows hold (a row weighs `times`). */
export const eventsOfKind = (kind: InsightEvent['kind']) =>
  sql`coalesce(sum(${e.times}) filter (where ${e.kind} = ${sql.raw(`'${kind}'`)}), 0)`;
/** The orders and the revenue some rows add (a row weighs `times`). */
export const ordersOfEvents = sql`coalesce(sum(${e.orders} * ${e.times}), 0)`;
export const revenueOfEvents = sql`coalesce(sum(${e.amountMinor}::bigint * ${e.times}), 0)`;
