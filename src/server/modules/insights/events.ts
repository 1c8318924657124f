import { insightEvents, type InsightEventRow } from '../../db/schema';
import type { DbOrTx } from '../core';
import { utcDay } from './days';

// Writing raw events (docs/decisions/071): append-only rows, one insert per batch.

export type InsightEvent = Omit<InsightEventRow, 'day' | 'at'> & { at: Date };

/** Appends events (their UTC day set from their time): one statement whatever their number. */
export async function appendEvents(db: DbOrTx, events: readonly InsightEvent[]): Promise<void> {
  if (!events.length) return;
  await db
    .insert(insightEvents)
    .values(events.map((e) => ({ ...e, day: utcDay(e.at.getTime()) })));
}
