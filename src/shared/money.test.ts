import { describe, expect, it } from 'vitest';
import { toMajor, toMinor } from './money';

describe('toMinor', () => {
  it('converts whole and two-decimal amounts exactly', () => {
    expect(toMinor(0)).toBe(0);
    expect(toMinor(19.99)).toBe(1999);
    expect(toMinor(100)).toBe(10000);
    expect(toMinor(0.1 + 0.2)).toBe(30);
  });
  it('rounds half up where naive *100 would round down', () => {
    // Sanity: the naive approach really is wrong for these inputs.
    expect(Math.round(1.005 * 100)).toBe(100);
    expect(toMinor(1.005)).toBe(101);
    expect(toMinor(8.345)).toBe(835);
    expect(toMinor(0.005)).toBe(1);
    expect(toMinor(1.0049)).toBe(100);
    expect(toMinor(2.675)).toBe(268);
  });
  it('rounds negatives symmetrically and never returns -0', () => {
    expect(toMinor(-1.005)).toBe(-101);
    expect(toMinor(-19.99)).toBe(-1999);
    expect(Object.is(toMinor(-0.001), 0)).toBe(true);
  });
  it('handles exponent notation', () => {
    expect(toMinor(1e-7)).toBe(0);
    expect(toMinor(1e10)).toBe(1e12);
  });
  it('rejects non-finite and out-of-range amounts', () => {
    expect(() => toMinor(Number.NaN)).toThrow(RangeError);
    expect(() => toMinor(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toMinor(1e21)).toThrow(RangeError);
  });
});

describe('toMajor', () => {
  it('converts minor units back', () => {
    expect(toMajor(101)).toBe(1.01);
    expect(toMajor(1999)).toBe(19.99);
    expect(toMajor(0)).toBe(0);
    expect(toMajor(-5)).toBe(-0.05);
  });
  it('round-trips every cent value', () => {
    for (let cents = 0; cents < 100_000; cents += 7) {
      expect(toMinor(toMajor(cents))).toBe(cents);
    }
  });
  it('rejects non-integers', () => {
    expect(() => toMajor(1.5)).toThrow(RangeError);
    expect(() => toMajor(Number.NaN)).toThrow(RangeError);
  });
});
