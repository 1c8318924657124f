import { describe, expect, it } from 'vitest';
import {
  isCalendarDay,
  keptShare,
  periodInstants,
  periodSearch,
  resolvePeriod,
} from './earnings-rules';

const at = (iso: string) => new Date(iso);

describe('resolvePeriod', () => {
  const now = at('2026-03-15T10:00:00Z');
  it('turns each preset into its UTC days', () => {
    expect(resolvePeriod({ period: 'this-month' }, now, 'all')).toEqual({
      period: 'this-month',
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(resolvePeriod({ period: 'last-month' }, now, 'all')).toMatchObject({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(resolvePeriod({ period: 'this-year' }, now, 'all')).toMatchObject({
      from: '2026-01-01',
      to: '2026-12-31',
    });
    expect(resolvePeriod({ period: 'last-year' }, now, 'all')).toMatchObject({
      from: '2025-01-01',
      to: '2025-12-31',
    });
    expect(resolvePeriod({ period: 'all' }, now, 'this-month')).toEqual({
      period: 'all',
      from: null,
      to: '2026-03-15',
    });
  });

  it('crosses years and leap days', () => {
    expect(
      resolvePeriod({ period: 'last-month' }, at('2026-01-01T00:00:00Z'), 'all'),
    ).toMatchObject({ from: '2025-12-01', to: '2025-12-31' });
    expect(
      resolvePeriod({ period: 'this-month' }, at('2028-02-29T23:59:59Z'), 'all'),
    ).toMatchObject({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('reads dates without a period as custom, and nothing as the fallback', () => {
    expect(resolvePeriod({ from: '2026-01-05' }, now, 'this-month')).toEqual({
      period: 'custom',
      from: '2026-01-05',
      to: '2026-03-15',
    });
    expect(resolvePeriod({ to: '2026-01-05' }, now, 'this-month')).toEqual({
      period: 'custom',
      from: null,
      to: '2026-01-05',
    });
    expect(resolvePeriod({}, now, 'this-month').period).toBe('this-month');
    // A preset wins over dates a form sent along with it.
    expect(resolvePeriod({ period: 'this-year', from: '2020-01-01' }, now, 'all').from).toBe(
      '2026-01-01',
    );
  });
});

describe('periodInstants', () => {
  it('spans from the first midnight to the one after the last day', () => {
    expect(periodInstants({ period: 'custom', from: '2026-02-01', to: '2026-02-28' })).toEqual({
      start: at('2026-02-01T00:00:00Z'),
      end: at('2026-03-01T00:00:00Z'),
    });
    expect(periodInstants({ period: 'all', from: null, to: '2026-12-31' })).toEqual({
      start: null,
      end: at('2027-01-01T00:00:00Z'),
    });
  });
});

describe('periodSearch', () => {
  it('asks for the same period again', () => {
    expect(
      String(periodSearch({ period: 'last-month', from: '2026-02-01', to: '2026-02-28' })),
    ).toBe('period=last-month');
    expect(String(periodSearch({ period: 'custom', from: '2026-02-01', to: '2026-02-10' }))).toBe(
      'period=custom&from=2026-02-01&to=2026-02-10',
    );
    expect(String(periodSearch({ period: 'custom', from: null, to: '2026-02-10' }))).toBe(
      'period=custom&to=2026-02-10',
    );
  });
});

describe('isCalendarDay', () => {
  it('takes real days only', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
    expect(isCalendarDay('2026-01-01T00:00')).toBe(false);
  });
});

describe('keptShare', () => {
  it('is what the fee leaves of the items and shipping', () => {
    // 5% of $68 is $3.40: 95% kept.
    expect(keptShare({ subtotal: 60, shipping: 8, platformFee: 3.4 })).toBeCloseTo(0.95, 12);
    // 5% of $12.35 rounds up to $0.62: a hair under 95%.
    expect(keptShare({ subtotal: 12.35, shipping: 0, platformFee: 0.62 })).toBeCloseTo(
      1 - 62 / 1235,
      12,
    );
    expect(keptShare({ subtotal: 10, shipping: 0, platformFee: 0 })).toBe(1);
    expect(keptShare({ subtotal: 0, shipping: 0, platformFee: 0 })).toBe(1);
  });
});
