import { describe, expect, it } from 'vitest';
import { totals } from './insights.fixtures';
import { changeOf, changeText, funnelSteps, hasNoData } from './insights-math';

describe('changes against the period before', () => {
  it('is a percentage of the previous number, signed', () => {
    expect(changeOf(112, 100)).toEqual({ kind: 'up', ratio: 0.12 });
    expect(changeOf(50, 200)).toEqual({ kind: 'down', ratio: -0.75 });
    expect(changeText(changeOf(112, 100), 30)).toBe('+12% vs previous 30 days');
    expect(changeText(changeOf(0, 8), 7)).toBe('-100% vs previous 7 days');
  });

  it('says "new" when there was nothing before, "no change" when equal', () => {
    expect(changeOf(5, 0)).toEqual({ kind: 'new' });
    expect(changeText(changeOf(5, 0), 90)).toBe('new vs previous 90 days');
    expect(changeOf(0, 0)).toEqual({ kind: 'same' });
    expect(changeText(changeOf(7, 7), 365)).toBe('no change vs previous 365 days');
  });
});

describe('the funnel', () => {
  it('gives each step its conversion from the step before and its share of the views', () => {
    const steps = funnelSteps(totals({ views: 200, clicks: 50, carts: 10, orders: 5 }));
    expect(steps.map((s) => [s.key, s.count, s.conversion, s.share])).toEqual([
      ['views', 200, null, 1],
      ['clicks', 50, 0.25, 0.25],
      ['carts', 10, 0.2, 0.05],
      ['orders', 5, 0.5, 0.025],
    ]);
  });

  it('has no conversion after an empty step, and no bar without views', () => {
    const steps = funnelSteps(totals({ views: 0, clicks: 0, carts: 3, orders: 1 }));
    expect(steps.map((s) => s.conversion)).toEqual([null, null, null, 1 / 3]);
    expect(steps.every((s) => s.share === 0)).toBe(true);
  });

  it('keeps the bars within the first step (more carts than views on a short range)', () => {
    expect(funnelSteps(totals({ views: 2, clicks: 0, carts: 3 }))[2]!.share).toBe(1);
  });
});

describe('no data', () => {
  it('is every number zero now and before', () => {
    expect(hasNoData(totals(), totals())).toBe(true);
    expect(hasNoData(totals(), totals({ views: 1 }))).toBe(false);
    expect(hasNoData(totals({ revenue: 0.5 }), totals())).toBe(false);
  });
});
