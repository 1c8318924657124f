import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insightDailyDimensions,
  insightEvents,
  insightMonthlyDimensions,
  type InsightEventRow,
} from '../../../src/server/db/schema';
import { foldFinishedDays, utcDay } from '../../../src/server/modules/insights';
import { nextMonth } from '../../../src/server/modules/insights/days';
import { sitesApi } from '../../../src/shared/api/sites';
import { INSIGHT_RANGES } from '../../../src/shared/contracts/insights';
import { createTestApp, type TestApp } from '../../helpers/app';
import { freshAuth } from '../../helpers/member-calls';
import { typedClient } from '../../helpers/typed-client';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { insightsOf } from './insights-support';

/**
 * GET /insights reads folded days from their sums by source, post and link
 * (insight_daily_dimensions), whole months from the monthly sums (insight_monthly_dimensions) and
 * unfolded days from the raw events (docs/decisions/071): folding must change no number of the
 * answer — totals, the previous period, every ranking and every day.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const DAY = 86_400_000;

describe('the daily sums by dimension', () => {
  it('answer every range exactly as the raw events did before the days were folded', async () => {
    const a = await signedInUser(t.deps, { accountType: 'seller' });
    const [vase, bowl] = [await createProduct(t, a.user, { title: 'Vase' }), await createProduct(t, a.user, { title: 'Bowl' })];
    const { site } = await typedClient(() => t).call(
      sitesApi.replaceLinks,
      { body: { links: [{ title: 'Shop', url: 'https://example.com/shop' }, { title: 'The bowl', postId: bowl._id }] } },
      { headers: a.auth },
    );
    const [shop, bowlLink] = site.links.map((l) => l._id);
    const events: Omit<InsightEventRow, 'day' | 'at' | 'sellerId'>[] = [
      ...['v1', 'v2', 'v3', 'v1'].map((visitor) => ({ kind: 'view' as const, source: 'instagram', postId: vase._id, visitor })),
      { kind: 'view', source: 'direct', visitor: 'v4' },
      { kind: 'view', source: 'ig', postId: bowl._id, linkId: bowlLink, visitor: 'v5' },
      { kind: 'click', source: 'direct', linkId: shop },
      { kind: 'click', source: 'instagram', linkId: shop },
      { kind: 'click', source: 'instagram', linkId: bowlLink, postId: bowl._id },
      { kind: 'cart', source: 'ig', postId: bowl._id, linkId: bowlLink },
      { kind: 'checkout', source: 'ig', postId: bowl._id },
      { kind: 'order', source: 'ig', postId: bowl._id, linkId: bowlLink, orders: 1, amountMinor: 4_200 },
      { kind: 'order', source: 'instagram', postId: vase._id, orders: 1, amountMinor: 1_999 },
      { kind: 'refund', source: 'instagram', postId: vase._id, orders: -1, amountMinor: -1_999 },
    ];
    // Events today, on the month's last day, on the next month's first day and 45 days later:
    // at the read, 30 days' previous period holds some, and 90 and 365 days hold a whole month.
    const toMonthEnd = Date.parse(`${nextMonth(utcDay(t.deps.now!()))}T12:00:00Z`) - DAY - t.deps.now!();
    const days: string[] = [];
    for (const [i, advance] of [0, Math.max(0, toMonthEnd), DAY, 45 * DAY].entries()) {
      t.advanceTime(advance);
      const day = utcDay(t.deps.now!());
      days.push(day);
      await t.deps.database.db.insert(insightEvents).values(
        events.slice(i).map((e) => ({ ...e, sellerId: a.user.id, day, at: new Date(`${day}T12:00:00Z`) })),
      );
    }
    // Two days later: read while every day is still raw, then fold and read again.
    t.advanceTime(2 * DAY);
    const auth = await freshAuth(t, a.user);
    const raw = await Promise.all(INSIGHT_RANGES.map((range) => insightsOf(t, auth, range)));
    expect(raw[1]!.previous.views).toBeGreaterThan(0);
    expect(raw[3]!.byPost.map((p) => p.title)).toEqual(['Bowl', 'Vase']);
    expect(raw[3]!.byLink.map((l) => l.title)).toEqual(['The bowl', 'Shop']);
    expect(await foldFinishedDays(t.moduleDeps())).toBeGreaterThanOrEqual(45);
    const daySums = await t.deps.database.db.select().from(insightDailyDimensions).where(eq(insightDailyDimensions.sellerId, a.user.id));
    expect(new Set(daySums.map((s) => s.day))).toEqual(new Set(days));
    // The month that began on the third day of events is whole, folded and summed.
    const monthSums = await t.deps.database.db.select().from(insightMonthlyDimensions).where(eq(insightMonthlyDimensions.sellerId, a.user.id));
    expect(monthSums.map((m) => m.month)).toContain(days[2]);
    const folded = await Promise.all(INSIGHT_RANGES.map((range) => insightsOf(t, auth, range)));
    expect(folded).toEqual(raw);
  });
});
