import { describe, expect, it } from 'vitest';
import { filledStars, formatDay, ratingLabel, ratingsCount } from './feedback-view';

describe('how ratings read', () => {
  it('labels a rating for screen readers, with one decimal at most', () => {
    expect(ratingLabel(4)).toBe('4 out of 5 stars');
    expect(ratingLabel(4.3)).toBe('4.3 out of 5 stars');
    expect(ratingLabel(4.25)).toBe('4.3 out of 5 stars');
    expect(ratingLabel(1)).toBe('1 out of 5 stars');
  });

  it('counts ratings with thousands separators and the right noun', () => {
    expect(ratingsCount(1)).toBe('1 rating');
    expect(ratingsCount(0)).toBe('0 ratings');
    expect(ratingsCount(1204)).toBe('1,204 ratings');
  });

  it('draws whole stars: an average rounds to the nearest, within 0 to 5', () => {
    expect(filledStars(4.3)).toBe(4);
    expect(filledStars(4.5)).toBe(5);
    expect(filledStars(1)).toBe(1);
    expect(filledStars(9)).toBe(5);
    expect(filledStars(-1)).toBe(0);
  });

  it('shows the day in UTC, the same on the server and in the browser', () => {
    expect(formatDay('2026-11-24T23:59:00.000Z')).toBe('Nov 24, 2026');
  });
});
