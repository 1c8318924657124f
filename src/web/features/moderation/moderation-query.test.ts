import { describe, expect, it } from 'vitest';
import { formatTime, moderationQueryFromUrl, MODERATION_PAGE_SIZE } from './moderation-query';

describe('moderationQueryFromUrl', () => {
  it('reads the tab, the part of the queue and the page', () => {
    expect(
      moderationQueryFromUrl(new URL('http://x/moderation?tab=decisions&kind=reports&page=2')),
    ).toEqual({
      tab: 'decisions',
      kind: 'reports',
      page: 2,
      limit: MODERATION_PAGE_SIZE,
    });
  });
  it('falls back to the whole queue, first page', () => {
    expect(moderationQueryFromUrl(new URL('http://x/moderation?tab=x&kind=y&page=z'))).toEqual({
      tab: 'queue',
      kind: 'all',
      page: 1,
      limit: MODERATION_PAGE_SIZE,
    });
  });
  it('formats times in UTC', () => {
    expect(formatTime('2025-03-12T14:05:00.000Z')).toBe('Mar 12, 2025, 2:05 PM UTC');
  });
});
