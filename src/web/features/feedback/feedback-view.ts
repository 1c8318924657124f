import type { Feedback } from '../../../shared/contracts/commerce';
import { formatDay } from '../../../shared/format';

// How ratings read, for the eye and for screen readers (browser- and server-safe, no contracts at
// runtime: seller pages import it and must stay light).

export { MAX_STARS, filledStars, ratingLabel, ratingsCount } from '../../components/ui/Stars';
export { formatDay };

/** A feedback with its day as shown ("Nov 24, 2026"), worked out in the loader. */
export type ShownFeedback = Feedback & { day: string };

export const shownFeedback = (f: Feedback): ShownFeedback => ({
  ...f,
  day: formatDay(f.createdAt),
});
