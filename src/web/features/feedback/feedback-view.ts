import type { Feedback } from '../../../shared/contracts/commerce';

// How ratings read, for the eye and for screen readers (browser- and server-safe, no contracts at
// runtime: seller pages import it and must stay light).

export { MAX_STARS, filledStars, ratingLabel, ratingsCount } from '../../components/ui/Stars';

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
