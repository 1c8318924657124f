import { afterEach, describe, expect, it } from 'vitest';
import { withPage } from './components/Pager';
import { useLikedMessages } from './stores/liked-messages-store';
import { formatDateTime as formatWhen } from '../../../shared/format';

describe('withPage', () => {
  it('sets or drops ?page= and keeps the other parameters', () => {
    expect(withPage('/messages?tab=mine', 2)).toBe('/messages?tab=mine&page=2');
    expect(withPage('/messages?tab=mine&page=3', 1)).toBe('/messages?tab=mine');
    expect(withPage('/messages?page=2&tag=art', 3)).toBe('/messages?page=3&tag=art');
  });
});

describe('formatWhen', () => {
  it('formats in UTC, so the server render and the browser agree', () => {
    expect(formatWhen('2026-11-24T01:36:22.000Z')).toBe('Nov 24, 2026, 1:36 AM UTC');
    expect(formatWhen('not a date')).toBe('');
  });
});

describe('the liked-messages store', () => {
  afterEach(() => useLikedMessages.getState().setLiked([]));

  it('adds and removes ids once, as like buttons report them', () => {
    const { setLiked, mark } = useLikedMessages.getState();
    setLiked(['a']);
    mark('b', true);
    mark('b', true);
    expect(useLikedMessages.getState().likedMessageIds).toEqual(['a', 'b']);
    mark('a', false);
    mark('zzz', false);
    expect(useLikedMessages.getState().likedMessageIds).toEqual(['b']);
  });
});
