import { eq } from 'drizzle-orm';
import {
  insightDaily,
  insightDailyDimensions,
  insightDailyVisitors,
  insightEvents,
  insightMonthlyDimensions,
} from '../../db/schema';
import { inTransaction, nowDate, type ModuleDeps } from '../core';

/** DELETE /insights: the seller's events and daily totals, all of them (test visits, a fresh start). */
export async function clearInsights(deps: ModuleDeps, sellerId: string) {
  await inTransaction(deps, async (tx) => {
    await tx.db.delete(insightEvents).where(eq(insightEvents.sellerId, sellerId));
    await tx.db.delete(insightDaily).where(eq(insightDaily.sellerId, sellerId));
    await tx.db.delete(insightDailyVisitors).where(eq(insightDailyVisitors.sellerId, sellerId));
    await tx.db.delete(insightDailyDimensions).where(eq(insightDailyDimensions.sellerId, sellerId));
    await tx.db.delete(insightMonthlyDimensions).where(eq(insightMonthlyDimensions.sellerId, sellerId));
  });
  return { message: 'Your insights were cleared: counting starts again now.', at: nowDate(deps).toISOString() };
}
