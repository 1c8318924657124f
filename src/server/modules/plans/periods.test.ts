import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { platformFeeMinor } from '../../../shared/plans';
import { addMonths, periodEndAfter } from './periods';

const d = (iso: string) => new Date(iso);

describe('billing periods', () => {
  it('clamps to the end of shorter months and comes back to the anchor day', () => {
    const anchor = d('2026-01-31T10:00:00.000Z');
    expect(addMonths(anchor, 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(anchor, 2).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(addMonths(d('2028-02-29T00:00:00.000Z'), 12).toISOString()).toBe(
      '2029-02-28T00:00:00.000Z',
    );
    const feb = periodEndAfter(anchor, 'month', d('2026-02-28T10:00:00.000Z'));
    expect(feb.toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(periodEndAfter(anchor, 'year', anchor).toISOString()).toBe('2027-01-31T10:00:00.000Z');
  });

  it('always ends after the start, within one period of it', () => {
    fc.assert(
      fc.property(
        fc.date({ min: d('2000-01-01'), max: d('2090-01-01'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 400 }),
        fc.constantFrom('month' as const, 'year' as const),
        (anchor, periods, frequency) => {
          const step = frequency === 'month' ? 1 : 12;
          const start = periods === 0 ? anchor : addMonths(anchor, periods * step);
          const end = periodEndAfter(anchor, frequency, start);
          expect(end.getTime()).toBeGreaterThan(start.getTime());
          expect(end.getTime()).toBe(addMonths(anchor, (periods + 1) * step).getTime());
        },
      ),
    );
  });
});

describe('platformFeeMinor', () => {
  it('is the rate of the amount, half up to the cent, never more than the amount', () => {
    expect(platformFeeMinor(1235, 500)).toBe(62);
    expect(platformFeeMinor(1235, 300)).toBe(37);
    expect(platformFeeMinor(1250, 100)).toBe(13);
    expect(platformFeeMinor(0, 500)).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, bps) => {
          const fee = platformFeeMinor(amount, bps);
          expect(Number.isInteger(fee)).toBe(true);
          expect(Math.abs(fee - (amount * bps) / 10_000)).toBeLessThanOrEqual(0.5);
          expect(fee).toBeLessThanOrEqual(amount);
        },
      ),
    );
  });
});
