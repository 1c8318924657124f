import { describe, expect, it } from 'vitest';
import { shouldPrefetch } from './prefetch';

describe('shouldPrefetch', () => {
  it('prefetches when the Network Information API is missing', () => {
    expect(shouldPrefetch(undefined)).toBe(true);
    expect(shouldPrefetch(null)).toBe(true);
  });
  it('prefetches on fast connections', () => {
    expect(shouldPrefetch({ effectiveType: '4g', saveData: false })).toBe(true);
    expect(shouldPrefetch({ effectiveType: '3g' })).toBe(true);
    expect(shouldPrefetch({})).toBe(true);
  });
  it('skips on data-saver', () => {
    expect(shouldPrefetch({ saveData: true, effectiveType: '4g' })).toBe(false);
  });
  it('skips on 2g and slow-2g', () => {
    expect(shouldPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(shouldPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
  });
});
