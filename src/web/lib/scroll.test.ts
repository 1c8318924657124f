import { describe, expect, it } from 'vitest';
import { shouldScrollToTop } from './scroll';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('shouldScrollToTop', () => {
  it('does not scroll on the first render', () => {
    expect(shouldScrollToTop(null, at('/about'), 'POP')).toBe(false);
    expect(shouldScrollToTop(null, at('/about'), 'PUSH')).toBe(false);
  });
  it('scrolls after a push or replace to another page or query', () => {
    expect(shouldScrollToTop(at('/'), at('/about'), 'PUSH')).toBe(true);
    expect(
      shouldScrollToTop(at('/search-results', '?q=a'), at('/search-results', '?q=b'), 'PUSH'),
    ).toBe(true);
    expect(shouldScrollToTop(at('/a'), at('/b'), 'REPLACE')).toBe(true);
  });
  it('keeps the restored position on back/forward', () => {
    expect(shouldScrollToTop(at('/a'), at('/b'), 'POP')).toBe(false);
  });
  it('leaves in-page anchors and same-location navigations alone', () => {
    expect(shouldScrollToTop(at('/terms'), at('/terms', '', '#privacy'), 'PUSH')).toBe(false);
    expect(shouldScrollToTop(at('/a'), at('/a'), 'PUSH')).toBe(false);
  });
});
