import { describe, expect, it } from 'vitest';
import { codeKey, discountMinor } from './discount-rules';

describe('discountMinor', () => {
  it('takes a percent rounded half-up to the cent', () => {
    expect(discountMinor({ kind: 'percent', value: 10 }, 1999)).toBe(200);
    expect(discountMinor({ kind: 'percent', value: 15 }, 1010)).toBe(152);
    expect(discountMinor({ kind: 'percent', value: 100 }, 1234)).toBe(1234);
  });
  it('takes a fixed amount, never more than the items cost', () => {
    expect(discountMinor({ kind: 'amount', value: 500 }, 2000)).toBe(500);
    expect(discountMinor({ kind: 'amount', value: 500 }, 300)).toBe(300);
    expect(discountMinor({ kind: 'amount', value: 500 }, 0)).toBe(0);
  });
});

describe('codeKey', () => {
  it('compares codes case-insensitively, around spaces', () => {
    expect(codeKey(' Summer10 ')).toBe(codeKey('SUMMER10'));
  });
});
