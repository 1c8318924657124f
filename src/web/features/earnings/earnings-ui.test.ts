import { describe, expect, it } from 'vitest';
import { csvHref, periodQueryFrom } from './api/earnings-api';
import { periodText } from './components/EarningsPanel';

describe('the period in the address', () => {
  it('reads the period and its days, leaving out empty fields and unknown periods', () => {
    expect(periodQueryFrom(new URL('http://x/sales?period=last-month&from=&to='))).toEqual({
      period: 'last-month',
      from: undefined,
      to: undefined,
    });
    expect(periodQueryFrom(new URL('http://x/sales?period=week&from=2026-01-02'))).toEqual({
      period: undefined,
      from: '2026-01-02',
      to: undefined,
    });
  });

  it('asks the CSV downloads for the same period', () => {
    const period = { period: 'custom', from: '2026-01-02', to: '2026-01-31' } as const;
    expect(csvHref('sales', period)).toBe(
      '/sales/export?period=custom&from=2026-01-02&to=2026-01-31',
    );
    expect(csvHref('payouts', { period: 'all', from: null, to: '2026-01-31' })).toBe(
      '/sales/payouts/export?period=all',
    );
  });
});

describe('periodText', () => {
  it('names the period and its days', () => {
    expect(periodText({ period: 'this-month', from: '2026-11-01', to: '2026-11-30' })).toBe(
      'This month: Nov 1, 2026 – Nov 30, 2026',
    );
    expect(periodText({ period: 'all', from: null, to: '2026-11-28' })).toBe(
      'All time, to Nov 28, 2026',
    );
  });
});
