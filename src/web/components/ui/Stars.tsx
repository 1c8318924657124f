import { formatNumber } from '../../../shared/format';

// Ratings as stars, and how they read (feedback lists, the rating form, the seller's rating on their
// page). A UI primitive rather than the feedback feature's: sellers' pages show it, and there every
// extra chunk counts against their JavaScript budget (docs/decisions/025).

export const MAX_STARS = 5;

/** "4 out of 5 stars", "4.3 out of 5 stars", "1 out of 5 stars". */
export const ratingLabel = (rating: number) =>
  `${formatNumber(Math.round(rating * 10) / 10)} out of ${MAX_STARS} stars`;

/** "1 rating", "1,204 ratings". */
export const ratingsCount = (n: number) => `${formatNumber(n)} ${n === 1 ? 'rating' : 'ratings'}`;

/** The stars drawn for a rating: whole stars, an average rounded to the nearest. */
export const filledStars = (rating: number) => Math.min(MAX_STARS, Math.max(0, Math.round(rating)));

/**
 * A rating as five stars, read out as "4 out of 5 stars" (the glyphs are hidden from screen
 * readers). `inherit` draws them in the text colour (sellers' pages, whose colours are the
 * seller's): filled and outlined stars tell them apart. No client code beyond markup.
 */
export function Stars({
  rating,
  tone = 'amber',
  className = '',
}: {
  rating: number;
  tone?: 'amber' | 'inherit';
  className?: string;
}) {
  const filled = filledStars(rating);
  return (
    <span role="img" aria-label={ratingLabel(rating)} className={`whitespace-nowrap ${className}`}>
      <span aria-hidden="true" className={tone === 'amber' ? 'text-amber-700' : undefined}>
        {'★'.repeat(filled)}
      </span>
      <span aria-hidden="true" className={tone === 'amber' ? 'text-gray-500' : undefined}>
        {'☆'.repeat(MAX_STARS - filled)}
      </span>
    </span>
  );
}
