import { describe, expect, it, vi } from 'vitest';
import { formatCompact, formatMoney, formatNumber, formatPercent, truncate } from './format';

describe('formatNumber', () => {
  it('adds thousands separators', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatNumber(-9876543)).toBe('-9,876,543');
    expect(formatNumber(999)).toBe('999');
  });
  it('honours the locale', () => {
    // de-DE groups with '.' and uses ',' for decimals.
    expect(formatNumber(1234567.5, 'de-DE')).toBe('1.234.567,5');
  });
});

describe('formatMoney', () => {
  it('always shows two decimals in USD by default', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5)).toBe('$5.00');
    expect(formatMoney(19.9)).toBe('$19.90');
    expect(formatMoney(1234567.891)).toBe('$1,234,567.89');
  });
  it('forces two decimals even for zero-decimal currencies', () => {
    expect(formatMoney(1500, 'JPY')).toBe('¥1,500.00');
  });
  it('uses the given currency and locale', () => {
    expect(formatMoney(1234.5, 'EUR', 'en-US')).toBe('€1,234.50');
    // de-DE puts the symbol after a (narrow) no-break space.
    expect(formatMoney(1234.5, 'EUR', 'de-DE').replace(/\s/g, ' ')).toBe('1.234,50 €');
  });
});

describe('formatCompact', () => {
  it('abbreviates large numbers', () => {
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(1234)).toBe('1.2K');
    expect(formatCompact(15_300)).toBe('15.3K');
    expect(formatCompact(1_500_000)).toBe('1.5M');
    expect(formatCompact(2_000_000_000)).toBe('2B');
  });
});

describe('truncate', () => {
  it('defaults to 90 characters', () => {
    const exact = 'a'.repeat(90);
    expect(truncate(exact)).toBe(exact);
    const long = 'b'.repeat(91);
    expect(truncate(long)).toBe(`${'b'.repeat(90)}…`);
  });
  it('returns short text unchanged', () => {
    expect(truncate('hello', 10)).toBe('hello');
    expect(truncate('', 0)).toBe('');
  });
  it('honours a custom length', () => {
    expect(truncate('abcdefghij', 4)).toBe('abcd…');
    expect(truncate('abcdefghij', 0)).toBe('…');
  });
  it('drops trailing whitespace before the ellipsis', () => {
    expect(truncate('hello world', 6)).toBe('hello…');
  });
  it('never splits a surrogate pair', () => {
    // '😀' is two UTF-16 code units; cutting at 3 would leave a lone high surrogate.
    const text = 'ab😀cd';
    const out = truncate(text, 3);
    expect(out).toBe('ab…');
    expect(out).not.toMatch(/[\uD800-\uDFFF]/);
    expect(truncate(text, 4)).toBe('ab😀…');
  });
  it('rejects a negative or fractional length', () => {
    expect(() => truncate('abc', -1)).toThrow(RangeError);
    expect(() => truncate('abc', 1.5)).toThrow(RangeError);
  });
});

describe('formatPercent', () => {
  it('shows a share with at most the decimals asked, as the locale writes it', () => {
    const share = { fractionDigits: 1 };
    expect(formatPercent(0.95, share)).toBe('95%');
    expect(formatPercent(1 - 62 / 1235, share)).toBe('95%');
    expect(formatPercent(0.9549, share)).toBe('95.5%');
    expect(formatPercent(1, share)).toBe('100%');
    expect(formatPercent(0.95, { ...share, locale: 'de-DE' })).toBe('95\u00a0%');
  });
  it('writes a ratio as a whole percentage, one decimal under 10%', () => {
    expect(formatPercent(0.1234)).toBe('12%');
    expect(formatPercent(0.025)).toBe('2.5%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(0)).toBe('0%');
  });
  it('signs a change, but not no change', () => {
    expect(formatPercent(0.12, { signed: true })).toBe('+12%');
    expect(formatPercent(-0.5, { signed: true })).toBe('-50%');
    expect(formatPercent(2.5, { signed: true })).toBe('+250%');
    expect(formatPercent(0, { signed: true })).toBe('0%');
  });
});

describe('formatDateTime and formatDay', () => {
  it('build their Intl formatter on first use, not when the module loads (docs/decisions/085)', async () => {
    vi.resetModules();
    const Real = Intl.DateTimeFormat;
    let made = 0;
    Intl.DateTimeFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made += 1;
      }
    } as typeof Real;
    try {
      const format = await import('./format');
      expect(made).toBe(0);
      expect(format.formatDay('2026-11-24T01:36:00Z')).toBe('Nov 24, 2026');
      expect(format.formatDateTime('2026-11-24T01:36:00Z')).toBe('Nov 24, 2026, 1:36 AM UTC');
      expect(format.formatDay('not a date')).toBe('');
      expect(format.formatDay('2026-11-25T00:00:00Z')).toBe('Nov 25, 2026');
      // One each, kept.
      expect(made).toBe(2);
    } finally {
      Intl.DateTimeFormat = Real;
    }
  });
});
