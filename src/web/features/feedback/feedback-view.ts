import type { Feedback } from '../../../shared/contracts/commerce';
import { formatNumber } from '../../../shared/format';

// How ratings read, for the eye and for screen readers (browser- and server-safe, no contracts at
// runtime: seller pages import it and must stay light).

export const MAX_STARS = 5;

/** "4 out of 5 stars", "4.3 out of 5 stars", "1 out of 5 stars". */
export const ratingLabel = (rating: number) =>
  `${formatNumber(Math.round(rating * 10) / 10)} out of ${MAX_STARS} stars`;

/** "1 rating", "1,204 ratings". */
export const ratingsCount = (n: number) => `${formatNumber(n)} ${n === 1 ? 'rating' : 'ratings'}`;

/** The stars drawn for a rating: whole stars, an average rounded to the nearest. */
export const filledStars = (rating: number) => Math.min(MAX_STARS, Math.max(0, Math.round(rating)));

// A fixed time zone: the server render and the browser show the same day.
const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** "Nov 24, 2026" for an ISO time. */
export const formatDay = (iso: string) => DAY.format(new Date(iso));

/** A feedback with its day as shown ("Nov 24, 2026"), worked out in the loader. */
export type ShownFeedback = Feedback & { day: string };

export const shownFeedback = (f: Feedback): ShownFeedback => ({
  ...f,
  day: formatDay(f.createdAt),
});
